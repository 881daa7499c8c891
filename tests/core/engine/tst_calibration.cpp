// SPDX-License-Identifier: GPL-3.0-or-later
// The one compute-power calibration: MemExplorer Table 6 Base must come out at its 300.1 W TDP.
#include "core/compute/plena/plena_power.h"
#include "core/io/preset_library.h"
#include "core/device/device_model.h"

#include <gtest/gtest.h>

using namespace llmwb;

TEST(Calibration, BaseTdpIsTable6) {
  const DeviceModel base(PresetLibrary({LLMWB_TEST_PRESETS}).device("memexplorer/base"));
  const double tdp = base.tdp().value();
  const double uncalibrated = base.computePeakPower().value() / kPlenaPowerCalibration;
  EXPECT_NEAR(tdp, 300.1, 0.05) << "recalibrate: kPlenaPowerCalibration = "
                                << (300.1 - base.memoryPeakPower().value()) / uncalibrated;
}
