// Engine replay of a divisible-load plan and its comparison with the analytic T.
#include "schedulers/divisible/dlt_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "sim/engine.hpp"
#include "sim/machine.hpp"

namespace mpnsim {

namespace {

// The machine on the links the plan's sends use, and the whole machine's index
// of each (ids[l] for link l of the part). Empty when some send has no link of
// its own between its two ends, so that its route would take several hops and
// could pass over links the plan never names; then the whole machine is played.
//
// On the part, every send is one hop over the same link direction as on the
// whole machine (the Router takes a direct link first), each processor keeps its
// ports and CPU, and the links left out would never have been touched: the run
// is the same, event for event. A d = 20 hypercube has 10.5 M links and the
// scatter uses 2^20 - 1 of them; building the rest was most of the command's
// time and memory (docs/performance.md, "SimGrid side by side").
std::optional<MachineSpec> plan_links_only(const Plan& plan, const MachineSpec& whole, std::vector<int>& ids) {
  // Link look-up by binary search over the links in (a, b) order, a < b: the
  // order every topology gives them. Any other machine is played whole.
  const auto& links = whole.links;
  const auto key_less = [](const LinkSpec& l, std::pair<int, int> k) { return std::pair{l.a, l.b} < k; };
  // Links that validate() would refuse also send the machine down the whole path, so that it reports them.
  const auto valid = [n = whole.size()](const LinkSpec& l) {
    return l.a >= 0 && l.b < n && std::isfinite(l.z) && l.z >= 0 && std::isfinite(l.startup) && l.startup >= 0;
  };
  for (std::size_t l = 0; l < links.size(); ++l) {
    if (links[l].directed || links[l].a >= links[l].b || !valid(links[l])) return std::nullopt;
    if (l > 0 && std::pair{links[l - 1].a, links[l - 1].b} >= std::pair{links[l].a, links[l].b}) return std::nullopt;
  }
  // The sends' ends, sorted, then found in one pass over the links in their order: a binary
  // search per send over a d = 20 hypercube's 10.5 M links missed the cache at every step.
  std::vector<std::pair<int, int>> ends;
  for (const PlanAction& a : plan.actions) {
    if (a.op != PlanAction::Op::send || a.processor == a.to) continue;
    if (a.processor < 0 || a.to < 0 || a.processor >= whole.size() || a.to >= whole.size())
      return std::nullopt;  // play() reports it
    ends.emplace_back(std::min(a.processor, a.to), std::max(a.processor, a.to));
  }
  // A scatter from processor 0 lists its sends in this order already (hypercube-nlf's 2^20 - 1).
  if (!std::is_sorted(ends.begin(), ends.end())) std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  ids.clear();
  ids.reserve(ends.size());
  auto link = links.begin();
  for (const auto& k : ends) {
    while (link != links.end() && key_less(*link, k)) ++link;  // on from the last one found
    if (link == links.end() || link->a != k.first || link->b != k.second) return std::nullopt;
    ids.push_back(static_cast<int>(link - links.begin()));
  }
  MachineSpec part;
  part.processors = whole.processors;
  part.Tcp = whole.Tcp;
  part.Tcm = whole.Tcm;
  part.links.reserve(ids.size());
  for (int id : ids) part.links.push_back(links[static_cast<std::size_t>(id)]);
  return part;
}

// Plays the plan and checks it; `release` (may be null) is the whole machine's link list, given
// back once the machine of the plan's own links is built. Without `keep_timeline` the run keeps
// no record: the check's figures come from the timeline's running totals (the same values
// summarize() gives), and its timeline and per-processor statistics are left empty.
DltCheck check_plan(const DltSolution& solution, std::vector<LinkSpec>* release, bool keep_timeline) {
  Engine engine;
  std::vector<int> link_ids;
  std::optional<MachineSpec> part = plan_links_only(solution.plan, solution.plan_machine, link_ids);
  const bool on_part = part.has_value();
  if (on_part && release) std::vector<LinkSpec>().swap(*release);
  Machine machine(engine, on_part ? std::move(*part) : solution.plan_machine);
  part.reset();
  machine.timeline().keep_records(keep_timeline);
  play(solution.plan, machine);
  DltCheck check;
  check.finish.resize(static_cast<std::size_t>(machine.size()));
  if (keep_timeline) {
    check.timeline = std::move(machine.timeline());
    if (on_part) check.timeline.renumber_links(link_ids);
    check.stats = summarize(check.timeline, machine.size());
    for (int i = 0; i < machine.size(); ++i)
      check.finish[static_cast<std::size_t>(i)] = check.stats.processors[static_cast<std::size_t>(i)].finish;
  } else {
    const Timeline& t = machine.timeline();
    check.stats.makespan = t.end();
    check.stats.messages = t.messages();
    check.stats.hops = t.hop_count();
    for (int i = 0; i < machine.size(); ++i) check.finish[static_cast<std::size_t>(i)] = t.compute_end(i);
  }
  const bool own_ends = !solution.compute_end.empty();
  for (std::size_t i = 0; i < solution.participating.size() && i < check.finish.size(); ++i) {
    if (!solution.participating[i]) continue;
    check.T_simulated = std::max(check.T_simulated, check.finish[i]);
    const double expected = own_ends ? solution.compute_end[i] : solution.T;
    if (solution.T > 0)
      check.max_rel_diff = std::max(check.max_rel_diff, std::abs(check.finish[i] - expected) / solution.T);
  }
  // With messages after the last computation (returned results), T is the end of the last record.
  if (own_ends) {
    check.T_simulated = check.stats.makespan;
    if (solution.T > 0)
      check.max_rel_diff = std::max(check.max_rel_diff, std::abs(check.stats.makespan - solution.T) / solution.T);
  }
  return check;
}

}  // namespace

DltCheck simulate(const DltSolution& solution) { return check_plan(solution, nullptr, true); }

DltCheck simulate_figures(DltSolution& solution) { return check_plan(solution, &solution.plan_machine.links, false); }

}  // namespace mpnsim
