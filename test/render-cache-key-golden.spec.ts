import { goldenRecords } from './support/layer-golden';

/**
 * Cache keys of the contract's sample template (§4) in many request variants, computed with a fixed
 * secret by the code before the layer registry existed. A change here would re-draw (and re-bill)
 * every cached image after an upgrade, so the planner must keep producing exactly these keys.
 */
const PRE_REGISTRY: Record<string, { key: string; requestWarnings: string[] }> = {
  plain: { key: 'a56d21a6a9381b55cca38232cdc7b515a3aa75b6672a4d965017fc2fba59dd15', requestWarnings: [] },
  jpeg: { key: 'c27bbd020083832c6b99add243052b45832c3d35c7131a6844e94ed71e624098', requestWarnings: [] },
  jpegQuality: { key: '87f4e79aa2825f86c8a6147a2e69cc1bed371fc990762eb886cd11db7bd52ac1', requestWarnings: [] },
  webp: { key: 'f2dfc048bc246c2705d31478bce14c079e845207120a621def9e945819a130ce', requestWarnings: [] },
  webpQuality: { key: '4ac4a9c7d5d4364b7855899efba9e62dea9a3bdaf8584ec034f85c90e81725b5', requestWarnings: [] },
  pngIgnoresQuality: { key: 'a56d21a6a9381b55cca38232cdc7b515a3aa75b6672a4d965017fc2fba59dd15', requestWarnings: [] },
  titleText: { key: '0a2a5c213d08b366c7b439dfc982293d22dee3f7e09d4f92e7257bf7335a3b44', requestWarnings: [] },
  titleLong: { key: '46ae89009dd49fed04b348b79b8e37fd2e5f51171a0e81f399799ffa7576c6df', requestWarnings: [] },
  titleTruncated: { key: 'b6079afac7692e9b9bce54ef9c7de6c148a8d9c6a370121873f7d31e0ccee61b', requestWarnings: [] },
  titleColorSize: { key: '485183199161725d891e2db038947582698f79d4a63099beabf6b18726cea5b5', requestWarnings: [] },
  titleSmallerThanMin: { key: '0e60e2289e5c66134ec6de10696bf5a751c4fd1dc094e35c389373cf47dc5c6c', requestWarnings: [] },
  badgeFill: { key: '534b325afe27a5c65576560242434866ae09951ddf4208ef1e5593861df50045', requestWarnings: [] },
  badgeTextIgnored: { key: '534b325afe27a5c65576560242434866ae09951ddf4208ef1e5593861df50045', requestWarnings: [] },
  wrongFieldIgnored: { key: 'a56d21a6a9381b55cca38232cdc7b515a3aa75b6672a4d965017fc2fba59dd15', requestWarnings: ['override_ignored:badge', 'override_ignored:avatar'] },
  hiddenTitle: { key: '9b27f672c67da6dae50499eb9d0a237cadb96a65a0a5f3c2fb7f61076515b88f', requestWarnings: [] },
  hiddenBadgeShownTitle: { key: '44d54ada9d47688902bc63ee05ed5220ba90df0909815404d26f682397f38a9f', requestWarnings: [] },
  unknownLayer: { key: 'e0ca7ee59d32b6c0138020acb4cfbc40e0d39ba37ba3824bc7e8f988c3c0e10a', requestWarnings: ['unknown_layer:nope'] },
  avatarImage: { key: '9f302d8d09cffabb0d8651d27a0b0628a318f4d8007869f5d132785e7e0500c4', requestWarnings: [] },
  avatarNull: { key: '2b534c12ef2ef31bf6d877f18257a05bbbc10706b6b8db663643c6a2d8fcdd67', requestWarnings: [] },
  resizedWidth: { key: '4a1e226a4a368602c86fbf64c4ac13cf104c25e4ee1c89599019068b302be7b7', requestWarnings: [] },
  resizedHeight: { key: '9334312e371c620885e6ab012cc66642826cb35f1c06d23f212ab85ebaa9c9bb', requestWarnings: [] },
  resizedBoth: { key: 'e16aacf9ff3461649559aed332bf8825167ce5aa1194d63b47063d6ff14a892d', requestWarnings: [] },
  everything: { key: '1f8aed63fc0a4eb9203358ce72698ebedef59e8efffad17996e4491fc704090e', requestWarnings: [] },
};

describe('render cache keys (golden, pre-registry)', () => {
  it('are unchanged for every variant of the sample template', async () => {
    const records = await goldenRecords(false);
    expect(Object.keys(records)).toEqual(Object.keys(PRE_REGISTRY));
    for (const [variant, expected] of Object.entries(PRE_REGISTRY)) {
      expect({ variant, key: records[variant].key, requestWarnings: records[variant].warnings }).toEqual({ variant, ...expected });
    }
  });
});
