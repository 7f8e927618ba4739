import { familyOf, nearestWeight, numericWeight, styleChoices, weightChoices, type FontFamilyInfo } from './font-faces';

const inter: FontFamilyInfo = { family: 'Inter', source: 'builtin', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900], styles: ['normal'] };
const brand: FontFamilyInfo = { family: 'Brand Sans', source: 'account', weights: [300, 700], styles: ['italic', 'normal'] };

describe('font faces as choices', () => {
  it('offers the family’s real weights, named', () => {
    expect(weightChoices(brand, 700).map((choice) => choice.label)).toEqual(['300 Light', '700 Bold']);
    expect(weightChoices(inter, 'normal')).toHaveLength(9);
  });

  it('keeps a held weight the family lacks, saying which face draws it', () => {
    const choices = weightChoices(brand, 'normal');
    expect(choices.map((choice) => choice.value)).toEqual(['300', '400', '700']);
    expect(choices[1].label).toBe('400 Regular (not in this family: draws 300)');
  });

  it('reads the keywords as CSS does', () => {
    expect([numericWeight('normal'), numericWeight('bold'), numericWeight(600), numericWeight(undefined)]).toEqual([400, 700, 600, 400]);
    expect(nearestWeight([300, 700], 600)).toBe(700);
    expect(nearestWeight([300, 700], 450)).toBe(300);
  });

  it('says when italic would be synthesized', () => {
    expect(styleChoices(familyOf([inter, brand], 'inter'))[1].label).toBe('Italic (synthesized oblique)');
    expect(styleChoices(familyOf([inter, brand], 'Brand Sans'))[1].label).toBe('Italic');
  });
});
