#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `validate GOOD BAD1 BAD2` reports all three: the good one on stdout, both bad ones on stderr with
# their fields, a count, and status 1.
#   validate_every_file.sh CLI GOOD BAD1 BAD2
set -u
cli=$1 good=$2 bad1=$3 bad2=$4
out=$("$cli" validate "$bad1" "$good" "$bad2" 2>/tmp/validate-err.$$)
status=$?
err=$(cat /tmp/validate-err.$$)
rm -f /tmp/validate-err.$$
fail() { echo "$1"; echo "stdout: $out"; echo "stderr: $err"; exit 1; }
[ "$status" -eq 1 ] || fail "status $status, not 1"
grep -q "$(basename "$good"): valid system" <<<"$out" || fail "the good file is not reported valid"
grep -q "$(basename "$bad1").*/parameters/0/field" <<<"$err" || fail "the first bad file is not named with its field"
grep -q "$(basename "$bad2").*/published/0/metric" <<<"$err" || fail "the second bad file is not named with its field"
grep -q "2 of 3 files are not valid" <<<"$err" || fail "no count of the invalid files"
echo "validate reported all three files"
