// Reports of divisible-load runs: analytic against simulated, per processor and per layer.
#include "experiments/kinds/divisible/divisible_report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "experiments/output/streamed_json.hpp"

namespace mpnsim {

DivisibleResult solve_divisible(const DivisibleStrategyEntry& strategy, const DltInput& input) {
  DivisibleResult r;
  r.network = input.topology.name();
  r.solution = strategy.solve(input);
  r.solution.strategy = strategy.name;
  r.load = input.load;
  return r;
}

DivisibleResult solve_and_simulate(const DivisibleStrategyEntry& strategy, const DltInput& input) {
  DivisibleResult r = solve_divisible(strategy, input);
  r.check = simulate(r.solution);
  return r;
}

namespace {

// Loads as fractions of V.
std::vector<double> fractions(const std::vector<double>& amounts, double load) {
  std::vector<double> out;
  for (double a : amounts) out.push_back(a / load);
  return out;
}

}  // namespace

std::string divisible_reduction(const DltSolution& s, bool why) {
  const int n = s.plan_machine.size();
  const int p = s.participating_count();
  if (p >= n) return "";
  if (!why) return fmt::format("{} of {} processors take part, the others stay idle", p, n);
  // The strategy's notes say why, in the sentences about what it reduced or left out.
  std::string reasons;
  for (const auto& note : s.notes)
    if (note.find("reduced") != std::string::npos || note.find("left out") != std::string::npos)
      reasons += (reasons.empty() ? ": " : "; ") + note;
  return fmt::format("{} of {} processors take part{}", p, n, reasons);
}

namespace {

// divisible_json, its per-processor and per-layer arrays left empty when not `arrays`.
nlohmann::ordered_json divisible_document(const DivisibleResult& r, bool arrays) {
  using json = nlohmann::ordered_json;
  const DltSolution& s = r.solution;
  // An empty array keeps the key's place for write_divisible_json, which streams it.
  auto values = [&](const std::vector<double>& v, bool as_fractions) {
    return !arrays ? json::array() : as_fractions ? json(fractions(v, r.load)) : json(v);
  };
  json j;
  j["strategy"] = s.strategy;
  j["network"] = r.network;
  j["load"] = r.load;
  j["processors"] = s.plan_machine.size();
  j["participating"] = s.participating_count();
  j["alpha"] = values(s.alpha, true);
  j["amount"] = values(s.alpha, false);
  if (!s.alpha_layer.empty()) {
    j["alpha_layer"] = values(s.alpha_layer, true);
    j["amount_layer"] = values(s.alpha_layer, false);
  }
  j["T_analytic"] = s.T;
  j["T_simulated"] = r.check.T_simulated;
  j["max_rel_diff"] = r.check.max_rel_diff;
  j["T1"] = s.T1;
  j["speedup"] = s.speedup();
  j["utilization"] = s.utilization();
  j["best_dim"] = s.best_dim ? json(*s.best_dim) : json(nullptr);
  j["max_feasible_dim"] = s.max_feasible_dim ? json(*s.max_feasible_dim) : json(nullptr);
  json figures = json::object();
  for (const auto& [k, v] : s.figures) figures[k] = v;
  j["figures"] = figures;
  j["finish"] = values(r.check.finish, false);
  j["messages"] = r.check.stats.messages;
  j["hops"] = r.check.stats.hops;
  j["notes"] = s.notes;
  return j;
}

}  // namespace

nlohmann::ordered_json divisible_json(const DivisibleResult& r) { return divisible_document(r, true); }

void write_divisible_json(const DivisibleResult& r, std::ostream& out) {
  const DltSolution& s = r.solution;
  write_streamed_json(divisible_document(r, false),
                      {{"alpha", &s.alpha, r.load},
                       {"amount", &s.alpha},
                       {"alpha_layer", &s.alpha_layer, r.load},
                       {"amount_layer", &s.alpha_layer},
                       {"finish", &r.check.finish}},
                      out);
}

std::string divisible_table(const DivisibleResult& r) {
  const DltSolution& s = r.solution;
  std::string out;
  out += fmt::format("strategy      {}\nnetwork       {}\n", s.strategy, r.network);
  if (s.participating_count() < s.plan_machine.size())
    out += fmt::format("processors    {}, of which only {} take part (see the notes below)\n", s.plan_machine.size(),
                       s.participating_count());
  else
    out += fmt::format("processors    {} ({} participating)\n", s.plan_machine.size(), s.participating_count());
  out += fmt::format("load          {:.12g} (alpha: fractions of it; amount: load units)\n", r.load);
  out += fmt::format("T analytic    {:.12g}\nT simulated   {:.12g}\nmax rel diff  {:.3g}\n", s.T,
                     r.check.T_simulated, r.check.max_rel_diff);
  out += fmt::format("speedup       {:.9g}\nutilization   {:.9g}\n", s.speedup(), s.utilization());
  if (s.best_dim) out += fmt::format("best dim      {}\n", *s.best_dim);
  if (s.max_feasible_dim) out += fmt::format("feasible dim  {}\n", *s.max_feasible_dim);
  for (const auto& [k, v] : s.figures) out += fmt::format("{:<13} {:.9g}\n", k, v);
  if (!s.alpha_layer.empty()) {
    out += "\nlayer  alpha (per processor)  amount (per processor)\n";
    for (std::size_t i = 0; i < s.alpha_layer.size(); ++i)
      out += fmt::format("{:>5}  {:<21.12g}  {:.12g}\n", i, s.alpha_layer[i] / r.load, s.alpha_layer[i]);
  }
  out += "\nprocessor  alpha            amount           finish (simulated)\n";
  for (std::size_t i = 0; i < s.alpha.size(); ++i) {
    if (!s.participating[i]) continue;
    out += fmt::format("{:>9}  {:<15.12g}  {:<15.12g}  {:.12g}\n", i, s.alpha[i] / r.load, s.alpha[i],
                       r.check.finish[i]);
  }
  for (const auto& n : s.notes) out += "note: " + n + "\n";
  return out;
}

MetricRow divisible_metrics(const DivisibleResult& r) {
  const DltSolution& s = r.solution;
  MetricRow m;
  auto add = [&](const std::string& k, ParamValue v) { m.emplace_back(k, std::move(v)); };
  add("strategy", s.strategy);
  add("network", r.network);
  add("processors", std::int64_t{s.plan_machine.size()});
  add("participating", std::int64_t{s.participating_count()});
  add("T_analytic", s.T);
  add("T_simulated", r.check.T_simulated);
  add("max_rel_diff", r.check.max_rel_diff);
  add("speedup", s.speedup());
  add("utilization", s.utilization());
  add("alpha_source", s.alpha.empty() ? 0.0 : s.alpha.front() / r.load);
  if (s.best_dim) add("best_dim", std::int64_t{*s.best_dim});
  if (s.max_feasible_dim) add("max_feasible_dim", std::int64_t{*s.max_feasible_dim});
  for (const auto& [k, v] : s.figures) add(k, v);
  add("messages", static_cast<std::int64_t>(r.check.stats.messages));
  add("hops", static_cast<std::int64_t>(r.check.stats.hops));
  return m;
}

namespace {

// Strategies may report per-layer figures named "<name>_<layer>" (alpha_hat_3, ...): the
// figures of `layer`, under their <name>.
std::vector<std::pair<std::string, double>> layer_figures(const DltSolution& s, std::size_t layer) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& [k, v] : s.figures) {
    const auto cut = k.rfind('_');
    if (cut != std::string::npos && cut > 0 && k.substr(cut + 1) == std::to_string(layer))
      out.emplace_back(k.substr(0, cut), v);
  }
  return out;
}

// The summary figures repeated on each table row, so a row stands on its own.
MetricRow row_head(const DivisibleResult& r) {
  const DltSolution& s = r.solution;
  return {{"strategy", s.strategy},
          {"network", r.network},
          {"T_analytic", s.T},
          {"speedup", s.speedup()}};
}

}  // namespace

std::vector<MetricRow> divisible_layer_rows(const DivisibleResult& r) {
  std::vector<MetricRow> rows;
  for (std::size_t i = 0; i < r.solution.alpha_layer.size(); ++i) {
    MetricRow row = row_head(r);
    row.emplace_back("layer", static_cast<std::int64_t>(i));
    row.emplace_back("alpha_layer", r.solution.alpha_layer[i] / r.load);
    row.emplace_back("amount_layer", r.solution.alpha_layer[i]);
    if (i < r.solution.layer_size.size()) {
      row.emplace_back("layer_size", r.solution.layer_size[i]);
      row.emplace_back("alpha_layer_total", r.solution.layer_size[i] * r.solution.alpha_layer[i] / r.load);
    }
    for (auto& [k, v] : layer_figures(r.solution, i)) row.emplace_back(std::move(k), v);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<MetricRow> divisible_processor_rows(const DivisibleResult& r) {
  std::vector<MetricRow> rows;
  for (std::size_t i = 0; i < r.solution.alpha.size(); ++i) {
    MetricRow row = row_head(r);
    row.emplace_back("processor", static_cast<std::int64_t>(i));
    row.emplace_back("participating", r.solution.participating[i]);
    row.emplace_back("alpha", r.solution.alpha[i] / r.load);
    row.emplace_back("amount", r.solution.alpha[i]);
    row.emplace_back("finish", r.check.finish[i]);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace mpnsim
