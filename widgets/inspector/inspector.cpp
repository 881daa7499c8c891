// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/inspector/inspector.h"

#include "core/compute/arrays/array_fields.h"
#include "core/compute/compute_kind.h"
#include "core/device/device_fields.h"
#include "core/memory/memory_technology_fields.h"
#include "core/device/resolved_device.h"
#include "core/engine/engine_registry.h"
#include "core/package/package_fields.h"
#include "core/quant/quantisation_fields.h"
#include "core/quant/number_format.h"
#include "widgets/common/format.h"
#include "widgets/document/project_document.h"
#include "widgets/inspector/form_builder.h"

#include <QApplication>
#include <QFormLayout>
#include <QLabel>
#include <QTimer>

#include <algorithm>

namespace llmwb::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

/// "where it comes from" for a device field: its own source, else the design's, else the
/// workbench's own (`fallback`, from the parameter table), else a note.
QString sourceTip(const DeviceSpec& d, const std::string& key, const QString& what, const std::string& fallback = {}) {
  for (const auto& k : {key, std::string("design"), std::string("compute")})
    if (const auto it = d.sources.find(k); it != d.sources.end())
      return QStringLiteral("%1<br><i>Source:</i> %2").arg(what, q(it->second).toHtmlEscaped());
  if (!fallback.empty()) return QStringLiteral("%1<br><i>Source:</i> %2").arg(what, q(fallback).toHtmlEscaped());
  return QStringLiteral("%1<br><i>Source:</i> the preset gives none (assumption)").arg(what);
}

/// Every present field of a parameter table, reached from group `g`'s device by `at`; `check`
/// (optional) runs after a set so that fields that disagree refuse the edit.
/// Fields the group's engine does not read (EngineKind::ignores) are shown disabled, with the reason.
template <class Spec>
void tableFields(FormBuilder& f, const DeviceSpec& d, const params::ParamTable<Spec>& table, const Spec& spec,
                 std::function<Spec&(Project&)> at, const std::string& sourceKey,
                 std::function<void(const Spec&)> check = {}, const std::vector<std::string>& skip = {},
                 const engine::EngineKind* engine = nullptr) {
  for (const auto& field : table.fields()) {
    if (!field.present(spec) || std::find(skip.begin(), skip.end(), field.key) != skip.end()) continue;
    const QString what = q(field.doc.empty() ? field.key : field.doc);
    f.field(field, field.get(spec), sourceTip(d, sourceKey + "." + field.key, what, field.source),
            [at, check, set = field.set](Project& p, const params::FieldValue& v) {
              Spec& target = at(p);
              set(target, v);
              if (check) check(target);
            });
    if (engine)
      if (const auto* ignored = engine->ignored(sourceKey + "." + field.key)) f.markIgnored(q(engine->name), q(ignored->reason));
  }
}

DeviceSpec& deviceOf(Project& p, std::size_t g) { return p.system.system.groups.at(g).device; }

void projectFields(FormBuilder& f, const ProjectDocument& doc) {
  const Project& p = doc.project();
  f.section(Inspector::tr("Project"));
  f.line(Inspector::tr("Name"), q(p.name), Inspector::tr("Shown in the title bar and on exported figures"),
         [](Project& x, const QString& v) { x.name = v.toStdString(); });
  QStringList models, workloads;
  for (const auto& m : doc.library().list(PresetKind::Model)) models << q(m.id);
  for (const auto& w : doc.library().list(PresetKind::Workload)) workloads << q(w.id);
  if (!workloads.contains(q(p.workload))) workloads << q(p.workload);
  f.choice(Inspector::tr("Model"), models, q(p.model), Inspector::tr("The LLM the system serves (presets/models)"),
           [](Project& x, const QString& v) { x.model = v.toStdString(); });
  f.choice(Inspector::tr("Workload"), workloads, q(p.workload),
           Inspector::tr("Prompt and output lengths (presets/workloads); type IN:OUT in the toolbar for any pair"),
           [](Project& x, const QString& v) { x.workload = v.toStdString(); });
  f.integer(Inspector::tr("Decode batch"), p.options.decodeBatch.value_or(0), 0, 1 << 16, Inspector::tr(" sequences"),
            Inspector::tr("Decode batch size; automatic: the largest power of two whose weights and KV cache fit (MemExplorer 4.3)"),
            [](Project& x, int v) {
              if (v > 0) x.options.decodeBatch = v;
              else x.options.decodeBatch.reset();
            },
            Inspector::tr("automatic (largest that fits)"));
  f.integer(Inspector::tr("Prefill batch"), p.options.prefillBatch, 1, 1024, Inspector::tr(" sequences"),
            Inspector::tr("Prefill batch size (MemExplorer evaluates prefill at batch 1)"),
            [](Project& x, int v) { x.options.prefillBatch = v; });
  f.integer(Inspector::tr("Decode segments"), p.options.decodeSegments, 1, 64, {},
            Inspector::tr("Decode is integrated over the growing context in this many segments"),
            [](Project& x, int v) { x.options.decodeSegments = v; });
  f.text(Inspector::tr("System"), p.system.preset.empty() ? Inspector::tr("%1 (edited; saved in the project)").arg(q(p.system.system.name))
                                                          : Inspector::tr("%1 (preset %2)").arg(q(p.system.system.name), q(p.system.preset)));
  // The engines' system-level settings the system has (the npusim engine's parallelism block): their
  // sources are the system's.
  for (const auto* settings : engine::engineSettings()) {
    if (!settings->present(p.system.system)) continue;
    f.section(q(settings->title));
    DeviceSpec sources;
    sources.sources = p.system.system.sources;
    tableFields<SystemSpec>(f, sources, settings->fields(), p.system.system, [](Project& x) -> SystemSpec& { return x.system.system; },
                            settings->block);
  }
}

void computeFields(FormBuilder& f, const DeviceSpec& d, std::size_t g) {
  if (d.package) return; // the package's chiplet design sets the compute
  const ComputeKind& kind = d.compute.kind();
  f.section(Inspector::tr("Compute: %1").arg(q(kind.title())));
  tableFields<ComputeSpec>(f, d, kind.fields(), d.compute, [g](Project& p) -> ComputeSpec& { return deviceOf(p, g).compute; },
                           "compute", [](const ComputeSpec& c) { c.kind().check(c); });
}

void packageSection(FormBuilder& f, const DeviceSpec& d, std::size_t g) {
  if (!d.package) return;
  const auto& c = d.package->computeChiplet;
  f.section(Inspector::tr("Compute chiplet design"));
  if (c.systolic)
    tableFields<SystolicArraySpec>(f, d, systolicFields(true), *c.systolic,
                                   [g](Project& p) -> SystolicArraySpec& { return *deviceOf(p, g).package->computeChiplet.systolic; },
                                   "compute");
  if (c.vector)
    tableFields<VectorArraySpec>(f, d, vectorFields(true), *c.vector,
                                 [g](Project& p) -> VectorArraySpec& { return *deviceOf(p, g).package->computeChiplet.vector; },
                                 "compute");
  tableFields<ComputeChipletSpec>(f, d, computeChipletFields(), c,
                                  [g](Project& p) -> ComputeChipletSpec& { return deviceOf(p, g).package->computeChiplet; }, "compute");
  f.section(Inspector::tr("Package limits"));
  // The composer's grid sets the chiplet count; the SRAM technology is a preset id.
  tableFields<PackageSpec>(f, d, llmwb::packageFields(), *d.package, [g](Project& p) -> PackageSpec& { return *deviceOf(p, g).package; },
                           "package", {}, {"name", "compute_chiplets", "sram_technology"});
}

/// Which engine models the group: the compute kind's own (calibrated) engine first, then every
/// other registered engine that models the device's compute kind (engine::EngineRegistry::applicable),
/// e.g. a first-order roofline at the datasheet peaks for a what-if. The device's choice is kept only
/// where it differs from what the system would pick anyway.
void engineField(FormBuilder& f, const SystemSpec& system, std::size_t g) {
  const DeviceGroup& group = system.groups.at(g);
  const std::string kind = engine::computeKindOf(group);
  const std::string own = defaultEngine(group.device.package ? deviceCompute(group.device) : group.device.compute);
  const std::string current = engine::engineFor(system, group);
  QStringList options{q(own)};
  QString descriptions = QStringLiteral("%1: %2").arg(q(own), q(engine::engines().find(own) ? engine::engines().get(own).description : ""));
  for (const auto* e : engine::engines().applicable(kind))
    if (!options.contains(q(e->name))) {
      options << q(e->name);
      descriptions += QStringLiteral("\n%1: %2").arg(q(e->name), q(e->description));
    }
  if (!options.contains(q(current))) options << q(current);
  f.choice(Inspector::tr("Engine"), options, q(current),
           Inspector::tr("The performance model of this group (llmwb-cli engines list); %1 is its compute kind's own, "
                         "calibrated model.\n%2")
               .arg(q(own), descriptions),
           [g](Project& p, const QString& v) {
             auto& device = deviceOf(p, g);
             device.engine.clear();
             const std::string chosen = v.toStdString();
             if (engine::engineFor(p.system.system, p.system.system.groups.at(g)) != chosen) device.engine = chosen;
           });
}

void deviceFields(FormBuilder& f, const SystemSpec& system, const DeviceSpec& d, std::size_t g, int count) {
  const engine::EngineKind* engine = engine::engines().find(engine::engineFor(system, system.groups.at(g)));
  f.section(Inspector::tr("Device"));
  f.line(Inspector::tr("Name"), q(d.name), Inspector::tr("Shown in results and comparisons"),
         [g](Project& p, const QString& v) { deviceOf(p, g).name = v.toStdString(); });
  f.integer(Inspector::tr("Devices"), count, 1, 1024, {}, Inspector::tr("Devices in this group (tensor parallel)"),
            [g](Project& p, int v) { p.system.system.groups.at(g).count = v; });
  engineField(f, system, g);
  computeFields(f, d, g);
  packageSection(f, d, g);

  f.section(Inspector::tr("Software strategy (dataflow, storage, bandwidth)"));
  tableFields<Strategy>(f, d, strategyFields(), d.strategy, [g](Project& p) -> Strategy& { return deviceOf(p, g).strategy; }, "strategy", {}, {},
                        engine);

  f.section(Inspector::tr("Number formats (weights, activations, KV cache)"));
  tableFields<Quantisation>(f, d, quantisationFields(), d.quantisation,
                            [g](Project& p) -> Quantisation& { return deviceOf(p, g).quantisation; }, "quantisation", {}, {},
                            engine);

  f.section(Inspector::tr("Memory system and power"));
  tableFields<DmaSpec>(f, d, dmaFields(), d.dma, [g](Project& p) -> DmaSpec& { return deviceOf(p, g).dma; }, "dma", {}, {}, engine);
  tableFields<PowerSpec>(f, d, powerFields(), d.power, [g](Project& p) -> PowerSpec& { return deviceOf(p, g).power; }, "power", {}, {},
                         engine);

  if (!d.sources.empty()) {
    f.section(Inspector::tr("Sources"));
    for (const auto& [key, source] : d.sources) f.text(q(key), q(source));
  }
}

void partFields(FormBuilder& f, const DeviceSpec& device, std::size_t g, std::size_t level, std::size_t index) {
  const DeviceSpec d = resolvedDevice(device); // a package's parts as it resolves into them (read-only)
  const auto levels = d.memory.levels();
  if (level >= levels.size() || index >= levels[level]->parts.size()) return;
  const auto& part = levels[level]->parts[index];
  const auto& t = part.technology;
  f.section(Inspector::tr("%1 at %2 of %3").arg(q(t.name), q(d.memory.levelName(level)), q(d.name)));
  if (const std::string lock = memoryLockReason(device); !lock.empty())
    f.text(Inspector::tr("Count"), QString::number(part.count), q(lock));
  else
    f.integer(Inspector::tr("Count"), part.count, 1, 512, QStringLiteral(" ") + q(t.unitName) + (part.count == 1 ? QString() : QStringLiteral("s")),
              Inspector::tr("Parts of this technology at this level"), [g, level, index](Project& p, int v) {
                auto& m = deviceOf(p, g).memory;
                (level == 0 ? m.onChip : m.offChip.at(level - 1)).parts.at(index).count = v;
              });
  auto src = [&](const std::string& key) {
    const auto it = t.sources.find(key);
    return it == t.sources.end() ? Inspector::tr("no source given") : q(it->second);
  };
  f.section(Inspector::tr("Technology (per %1)").arg(q(t.unitName)));
  for (const auto& field : memoryTechnologyFields().fields())
    if (field.type == params::FieldType::Real && field.present(t))
      f.text(q(field.label), QStringLiteral("%1 %2").arg(q(params::valueText(field, field.get(t))), q(field.unit)), src(field.key));
  f.section(Inspector::tr("This level"));
  f.text(Inspector::tr("Total"), Inspector::tr("%1 · %2").arg(formatBytes(levels[level]->capacity()), formatBandwidth(levels[level]->bandwidth())));
}
} // namespace

Inspector::Inspector(QWidget* parent) : QScrollArea(parent), mRebuild(this, [this] { rebuild(); }) {
  setWidgetResizable(true);
  setFrameShape(QFrame::NoFrame);
  setMinimumWidth(340);
  // The form fits the dock's width (labels wrap, fields narrow down): nothing is cut at the right
  // edge behind a sideways scroll bar.
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setObjectName(QStringLiteral("Inspector"));
}

void Inspector::setDocument(ProjectDocument* document, SelectionModel* selection) {
  if (mDocument) disconnect(mDocument, nullptr, this, nullptr);
  if (mSelection) disconnect(mSelection, nullptr, this, nullptr);
  mDocument = document;
  mSelection = selection;
  if (mDocument) connect(mDocument, &ProjectDocument::changed, this, [this] { mRebuild.schedule(); });
  if (mSelection) connect(mSelection, &SelectionModel::changed, this, [this] { mRebuild.schedule(); });
  mRebuild.runNow();
}

void Inspector::rebuild() {
  Selection s = mSelection ? mSelection->current() : Selection{};
  const std::size_t groups = mDocument ? mDocument->system().groups.size() : 0;
  // A selected part that is gone (an undone drop, a removed level): its device's form, not an
  // empty one.
  if (s.kind == Selection::Kind::Part && s.group < groups) {
    const DeviceSpec device = resolvedDevice(mDocument->system().groups[s.group].device);
    const auto levels = device.memory.levels();
    if (s.level >= levels.size() || s.index >= levels[s.level]->parts.size()) s.kind = Selection::Kind::Device;
  }
  const QString scope = !mDocument                                                    ? QString()
                        : s.kind == Selection::Kind::Project || s.group >= groups ? QStringLiteral("project")
                        : s.kind == Selection::Kind::Part ? QStringLiteral("part/%1/%2/%3").arg(s.group).arg(s.level).arg(s.index)
                                                          : QStringLiteral("device/%1").arg(s.group);
  auto fill = [&](FormBuilder& f) {
    if (!mDocument) return;
    const auto& g = mDocument->system().groups;
    // The edit history names what each edit was on: the device, or the part and its device.
    if (scope != QLatin1String("project")) {
      f.setSubject([doc = mDocument, s] {
        const auto& groups = doc->system().groups;
        if (s.group >= groups.size()) return QString();
        const auto& device = groups[s.group].device;
        const QString name = QString::fromStdString(device.name.empty() ? device.id : device.name);
        if (s.kind != Selection::Kind::Part) return name;
        const auto levels = device.memory.levels();
        if (s.level >= levels.size() || s.index >= levels[s.level]->parts.size()) return name;
        return QObject::tr("%1 in %2").arg(QString::fromStdString(levels[s.level]->parts[s.index].technology.name), name);
      });
    }
    if (scope == QLatin1String("project")) projectFields(f, *mDocument);
    else if (s.kind == Selection::Kind::Part) partFields(f, g[s.group].device, s.group, s.level, s.index);
    else deviceFields(f, mDocument->system(), g[s.group].device, s.group, g[s.group].count);
  };
  // The same selection: the form's rows stay and take the new values, unless the rows differ
  // (a block added, a field now ignored by another engine...).
  if (auto* form = widget() ? qobject_cast<QFormLayout*>(widget()->layout()) : nullptr; form && scope == mScope) {
    FormBuilder f(form, mDocument, scope, FormBuilder::Reuse{});
    fill(f);
    if (f.reusedAll()) return;
  }
  mScope = scope;
  QString focused;
  if (auto* w = QApplication::focusWidget(); w && isAncestorOf(w)) focused = w->objectName();
  auto* content = new QWidget;
  auto* form = new QFormLayout(content);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  form->setLabelAlignment(Qt::AlignRight);
  FormBuilder f(form, mDocument, scope);
  fill(f);
  setWidget(content); // deletes the previous form
  if (!focused.isEmpty())
    if (auto* w = content->findChild<QWidget*>(focused)) w->setFocus();
}

} // namespace llmwb::ui
