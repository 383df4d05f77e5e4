#!/usr/bin/env bash
# Installs the Debian 12 packages the build and tests need (run as root).
# Skips apt entirely when everything is already there. Extra package names given as
# arguments are installed too (scripts/fuzz.sh adds clang and libFuzzer this way).
set -euo pipefail
# chromium renders the HTML report in its test (tests/html_chromium_test.py); fonts-dejavu-core gives it
# and the report's SVG boards the same font everywhere. GNU time measures the corpus run's peak memory.
# clang-format checks the C++ layout of .clang-format (the ctest `format`). libstemmer-dev gives lookup its
# Snowball stemmers. dpkg-dev gives CPack's Debian package its dpkg-shlibdeps (the ctest `package`).
packages=(cmake ninja-build g++ libyaml-cpp-dev catch2 libfmt-dev libcli11-dev nlohmann-json3-dev libbenchmark-dev
          libstemmer-dev dpkg-dev
          python3 python3-yaml python3-jsonschema chromium fonts-dejavu-core time clang-format "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
