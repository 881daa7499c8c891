#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and starts the workbench on the default project.
# Without a display it says so and prints the headless evaluation of that project instead.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

llmwb_install_packages
llmwb_build

project="$LLMWB_ROOT/presets/projects/memexplorer-osworld.llmwb"
export LLMWB_PRESETS="$LLMWB_ROOT/presets${LLMWB_PRESETS:+:$LLMWB_PRESETS}"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "llmwb: no display (neither DISPLAY nor WAYLAND_DISPLAY is set); printing the headless evaluation of"
  echo "       $project instead. Run on a desktop, or with xvfb-run, to see the workbench."
  echo
  exec "$LLMWB_BUILD/app/cli/llmwb-cli" evaluate --project "$project" --operators
fi
exec "$LLMWB_BUILD/app/gui/llmwb" --project "$project" "$@"
