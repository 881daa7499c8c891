// SPDX-License-Identifier: GPL-3.0-or-later
// `llmwb-cli import-model config.json`: a model preset from a Hugging Face config.
#include "app/cli/cli_args.h"
#include "app/cli/commands.h"
#include "core/io/atomic_file.h"
#include "core/io/hf_import.h"
#include "core/io/spec_writer.h"

#include <filesystem>

namespace llmwb::cli {

int importModelCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&) {
  const Args args(words, {"name", "out", "id"}, {});
  if (args.positional().size() != 1) throw UsageError("expected: import-model CONFIG.json [--name NAME] [--id ID] [--out FILE]");
  const std::string& config = args.positional().front();
  std::string id = args.value("id").value_or("");
  if (id.empty()) id = io::defaultModelId(config);
  const ModelSpec model = io::importHuggingFaceConfig(config, id, args.value("name").value_or(""));
  const std::string text = io::modelJsonText(model) + "\n";
  if (const auto file = args.value("out")) {
    io::writeFileAtomically(*file, text);
    out << "wrote " << *file << ": " << model.name << ", " << model.layerCount() << " sub-layers, "
        << model.parameterCount() / 1e9 << "B parameters\n";
  } else {
    out << text;
  }
  return 0;
}

} // namespace llmwb::cli
