#!/usr/bin/env bash
# The Debian packages the test suite needs, each with what shows it is installed (a command, or a path).
# `npm test` (pretest) and .ci/run both call this: as root with apt-get it installs what is missing;
# otherwise it stops at once naming the packages.
set -euo pipefail

PACKAGES=(
  "chromium chromium" # dashboard, studio, docs-page and text golden tests (driven by playwright-core)
  "poppler-utils pdfinfo"
  "qpdf qpdf"
  "zbar-tools zbarimg"
  "fonts-noto-core /usr/share/fonts/truetype/noto"
  "fonts-dejavu-core /usr/share/fonts/truetype/dejavu"
  "fonts-liberation /usr/share/fonts/truetype/liberation"
)

missing=()
for entry in "${PACKAGES[@]}"; do
  read -r package provides <<<"$entry"
  if [[ "$provides" == /* ]]; then
    [[ -e "$provides" ]] && continue
  else
    command -v "$provides" >/dev/null 2>&1 && continue
    # The browser tests also accept a chromium elsewhere (test/support/chromium.ts).
    [[ "$package" == chromium && -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]] && continue
  fi
  missing+=("$package")
done

((${#missing[@]} == 0)) && exit 0

if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

echo "The tests need these Debian packages: ${missing[*]}" >&2
echo "Install them (sudo apt-get install -y ${missing[*]}) and run npm test again." >&2
exit 1
