// Return-order search, participants and plan of a star schedule solved as a linear program.
#include "schedulers/divisible/star_lp_solution.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "schedulers/divisible/strategy_support.hpp"

namespace mpnsim {

ReturnRule return_rule(const std::string& name) {
  if (name == "none") return ReturnRule::none;
  if (name == "fifo") return ReturnRule::fifo;
  if (name == "lifo") return ReturnRule::lifo;
  if (name == "best") return ReturnRule::best;
  throw std::invalid_argument(fmt::format("results: expected none, fifo, lifo or best, not '{}'", name));
}

namespace {

constexpr std::size_t kExactOrderLimit = 8;

// Two return orders whose T differ by less than this (relative) are a tie: the first found is
// kept. Well above the floating-point simplex's error on T, so that a bound a rounding above
// an order's true T never prunes an order that is really better.
constexpr double kTie = 1e-9;
bool clearly_lower(double a, double b) { return a < b * (1 - kTie); }

struct Searched {
  std::vector<int> order;
  StarSchedule schedule;
  std::string how;
};

// Depth-first branch and bound over return orders: a node is a prefix of the order, its bound
// the program in which only that prefix is fixed (star_schedule_bound), children taken in order
// of their bounds (ties by the worker's place in the send order), a child dropped when its
// bound cannot beat the best order found by more than a tie. Every order is in some subtree,
// and a bound is at most the T of every order below it, so the result is the best order.
void branch_and_bound(StarScheduleInput& in, std::vector<int>& prefix, std::vector<bool>& used, Searched& best,
                      long& programs) {
  const std::size_t n = in.workers.size();
  if (prefix.size() + 1 == n) {  // one worker left: the order is complete, its program exact
    for (std::size_t j = 0; j < n; ++j)
      if (!used[j]) prefix.push_back(in.workers[j]);
    in.return_order = prefix;
    ++programs;
    StarSchedule s = solve_star_schedule(in);
    if (clearly_lower(s.T, best.schedule.T)) best = {prefix, std::move(s), ""};
    prefix.pop_back();
    return;
  }
  std::vector<std::pair<double, std::size_t>> children;
  for (std::size_t j = 0; j < n; ++j) {
    if (used[j]) continue;
    prefix.push_back(in.workers[j]);
    in.return_order = prefix;
    ++programs;
    children.push_back({star_schedule_bound(in), j});
    prefix.pop_back();
  }
  std::sort(children.begin(), children.end());
  for (const auto& [bound, j] : children) {
    if (!clearly_lower(bound, best.schedule.T)) break;
    prefix.push_back(in.workers[j]);
    used[j] = true;
    branch_and_bound(in, prefix, used, best, programs);
    used[j] = false;
    prefix.pop_back();
  }
}

Searched search(StarScheduleInput in, ReturnRule rule) {
  auto solve_with = [&](const std::vector<int>& order) {
    in.return_order = order;
    return solve_star_schedule(in);
  };
  std::vector<int> fifo = in.workers, lifo(in.workers.rbegin(), in.workers.rend());
  if (!in.results) return {{}, solve_star_schedule(in), ""};
  if (rule == ReturnRule::fifo) return {fifo, solve_with(fifo), "FIFO"};
  if (rule == ReturnRule::lifo) return {lifo, solve_with(lifo), "LIFO"};
  Searched best{fifo, solve_with(fifo), ""};
  const StarSchedule l = solve_with(lifo);
  if (clearly_lower(l.T, best.schedule.T)) best = {lifo, l, ""};
  const std::size_t n = in.workers.size();
  if (n <= kExactOrderLimit) {
    std::vector<int> prefix;
    std::vector<bool> used(n, false);
    long programs = 2;
    if (n > 1) branch_and_bound(in, prefix, used, best, programs);
    best.how = fmt::format("best of every return order, by branch and bound: {} programs solved", programs);
    return best;
  }
  long tried = 2;
  // Passes of the local search: each takes the first improving move; at most n of them.
  for (std::size_t pass = 0; pass < n; ++pass) {
    bool moved = false;
    for (std::size_t from = 0; from < n && !moved; ++from)
      for (std::size_t to = 0; to < n && !moved; ++to) {
        if (to == from) continue;
        std::vector<int> p = best.order;
        const int v = p[from];
        p.erase(p.begin() + static_cast<std::ptrdiff_t>(from));
        p.insert(p.begin() + static_cast<std::ptrdiff_t>(to), v);
        ++tried;
        const StarSchedule s = solve_with(p);
        if (clearly_lower(s.T, best.schedule.T)) {
          best = {p, s, ""};
          moved = true;
        }
      }
    if (!moved) break;
  }
  best.how = fmt::format("heuristic: local search from the better of FIFO and LIFO, {} orders tried", tried);
  return best;
}

}  // namespace

DltSolution star_lp_solution(const MachineSpec& machine, int centre, std::vector<int> workers, int installments,
                             ReturnRule rule, double delta, double load, bool centre_computes) {
  std::vector<std::string> notes;
  Searched found;
  StarScheduleInput in{machine, centre, workers, installments, rule != ReturnRule::none, delta, {}, load,
                       centre_computes};
  // With startups every message of every installment costs S whatever it carries, so fewer
  // workers can finish sooner: the best prefix of the send order is kept (FIFO returns
  // standing in for `best` while choosing), then workers the optimum gives nothing go too.
  bool startups = false;
  for (int v : workers) startups = startups || link_between(machine, centre, v).startup > 0;
  if (startups && !workers.empty()) {
    const ReturnRule probe = rule == ReturnRule::best ? ReturnRule::fifo : rule;
    std::size_t keep = workers.size();
    in.workers = workers;
    double best_T = search(in, probe).schedule.T;
    for (std::size_t k = workers.size(); k-- > (centre_computes ? 0u : 1u);) {  // someone must compute
      in.workers.assign(workers.begin(), workers.begin() + static_cast<std::ptrdiff_t>(k));
      const double T = search(in, probe).schedule.T;
      if (clearly_lower(T, best_T)) {
        best_T = T;
        keep = k;
      }
    }
    if (keep < workers.size()) {
      const std::vector<int> out(workers.begin() + static_cast<std::ptrdiff_t>(keep), workers.end());
      notes.push_back(fmt::format("left out processor(s) {}: with startups on every message, the first {} worker(s) "
                                  "of the send order finish sooner than more of them (best prefix of the order)",
                                  fmt::join(out, ", "), keep));
      workers.resize(keep);
    }
  }
  in.workers = workers;
  found = search(in, rule);
  for (;;) {
    // Workers the optimum gives nothing: out, and solved again without their startups, unless
    // that is slower (with k ports the messages after them change lanes).
    std::vector<int> keep, out;
    for (std::size_t j = 0; j < workers.size(); ++j) {
      double total = 0;
      for (const auto& k : found.schedule.chunk) total += k[j];
      (total > 0 ? keep : out).push_back(workers[j]);
    }
    if (out.empty()) break;
    in.workers = keep;
    Searched fewer = search(in, rule);
    if (fewer.schedule.T > found.schedule.T) {
      notes.push_back(fmt::format("processor(s) {} get no load but keep their place in the send order: without "
                                  "their empty messages the later ones would change ports and finish later",
                                  fmt::join(out, ", ")));
      break;
    }
    for (int v : out)
      notes.push_back(fmt::format("left out processor {}: the optimum for this order gives it no load", v));
    workers = std::move(keep);
    found = std::move(fewer);
  }
  in.workers = workers;
  in.return_order = found.order;
  // The schedule reported: the chosen order's program solved again exactly when it is small
  // (the floating-point optimum is only optimal to GLPK's tolerances).
  if (!found.schedule.exact && exact_affordable(in)) found.schedule = solve_star_schedule(in, true);
  const StarSchedule& s = found.schedule;
  const int n = machine.size();
  DltSolution sol;
  sol.T = s.T;
  sol.T1 = load * machine.processors[static_cast<std::size_t>(centre)].w * machine.Tcp;
  sol.alpha.assign(static_cast<std::size_t>(n), 0.0);
  sol.participating.assign(static_cast<std::size_t>(n), false);
  sol.compute_end.assign(static_cast<std::size_t>(n), 0.0);
  if (centre_computes) {
    sol.alpha[static_cast<std::size_t>(centre)] = s.alpha_centre;
    sol.participating[static_cast<std::size_t>(centre)] = true;
    sol.compute_end[static_cast<std::size_t>(centre)] =
        s.alpha_centre * machine.processors[static_cast<std::size_t>(centre)].w * machine.Tcp;
  } else {
    double fastest = INFINITY;
    for (int v : workers) fastest = std::min(fastest, machine.processors[static_cast<std::size_t>(v)].w * machine.Tcp);
    sol.T1 = load * fastest;
    notes.push_back(fmt::format("processor {} does not compute (compute: false): it only distributes the load; the "
                                "speedup is against the fastest worker alone", centre));
  }
  int empty = 0;
  std::vector<std::string> empties;
  for (std::size_t j = 0; j < workers.size(); ++j) {
    const auto v = static_cast<std::size_t>(workers[j]);
    double total = 0;
    for (std::size_t k = 0; k < s.chunk.size(); ++k) {
      total += s.chunk[k][j];
      if (s.chunk[k][j] == 0) {
        ++empty;
        if (empties.size() < 8) empties.push_back(fmt::format("installment {} to {}", k + 1, v));
      }
    }
    sol.alpha[v] = total;
    sol.participating[v] = true;
    sol.compute_end[v] = s.compute_end[j];
  }
  // The program's optimum and the same loads played event by event must be one schedule.
  if (!(std::abs(s.T_events - s.T_program) <= 1e-9 * s.T_program))
    throw std::logic_error(fmt::format("star schedule: the program's T {} and its events' {} differ by more than "
                                       "1e-9 ({} workers x {} installments: above 200 the exact simplex is not "
                                       "tried; fewer installments may do)",
                                       s.T_program, s.T_events, workers.size(), installments));
  if (!s.exact)
    notes.push_back(fmt::format("the linear program ({} workers x {} installments) was solved in floating point "
                                "only (GLPK's simplex, optimal to its tolerances of 1e-11): above 100 messages "
                                "the exact simplex is not tried", workers.size(), installments));
  if (empty > 0)
    notes.push_back(fmt::format("{} chunk(s) left empty ({}{}): the equal-finish conditions would make them negative, "
                                "the optimum sends them with no load", empty, fmt::join(empties, ", "),
                                empty > static_cast<int>(empties.size()) ? ", ..." : ""));
  if (in.results)
    notes.push_back(fmt::format("results ({} per load unit) returned in the order {}{}", delta,
                                fmt::join(found.order, ", "), found.how.empty() ? "" : " (" + found.how + ")"));
  if (installments > 1) sol.figures.push_back({"installments", static_cast<double>(installments)});
  sol.notes = std::move(notes);
  sol.plan = star_schedule_plan(in, s);
  sol.plan_machine = machine;
  return sol;
}

DltSolution equal_finish_or_program(const SendTree& tree, const MachineSpec& machine, double load,
                                    ParticipationRule rule) {
  try {
    return solve_equal_finish(tree, machine, load, rule);
  } catch (const std::invalid_argument& e) {
    // Input the program refuses too (no co-processor, ...) is refused with the first reason.
    const std::exception_ptr first = std::current_exception();
    DltSolution sol;
    try {
      sol = star_lp_solution(machine, tree.root, tree.children[static_cast<std::size_t>(tree.root)], 1,
                             ReturnRule::none, 0, load);
    } catch (const std::exception&) {
      std::rethrow_exception(first);
    }
    sol.notes.insert(sol.notes.begin(),
                     fmt::format("solved as a linear program (participants: the best prefix of the send order): {}",
                                 e.what()));
    return sol;
  }
}

}  // namespace mpnsim
