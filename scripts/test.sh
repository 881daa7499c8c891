#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs every test (widget tests offscreen).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

llmwb_install_packages
llmwb_build

export QT_QPA_PLATFORM=offscreen
jobs=$(nproc 2>/dev/null || echo 2)
ctest --test-dir "$LLMWB_BUILD" --output-on-failure --parallel "$jobs"
