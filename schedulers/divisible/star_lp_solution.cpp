// Return-order search, participants and plan of a star schedule solved as a linear program.
#include "schedulers/divisible/star_lp_solution.hpp"

#include <algorithm>
#include <cmath>
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

bool clearly_lower(double a, double b) { return a < b * (1 - 1e-12); }

struct Searched {
  std::vector<int> order;
  StarSchedule schedule;
  std::string how;
};

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
  if (in.workers.size() <= kExactOrderLimit) {
    std::vector<int> p = in.workers;
    std::sort(p.begin(), p.end());
    long tried = 0;
    do {
      ++tried;
      if (p == fifo || p == lifo) continue;
      const StarSchedule s = solve_with(p);
      if (clearly_lower(s.T, best.schedule.T)) best = {p, s, ""};
    } while (std::next_permutation(p.begin(), p.end()));
    best.how = fmt::format("best of all {} return orders", tried);
    return best;
  }
  long tried = 2;
  for (bool moved = true; moved;) {
    moved = false;
    const std::size_t n = best.order.size();
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
  }
  best.how = fmt::format("heuristic: local search from the better of FIFO and LIFO, {} orders tried", tried);
  return best;
}

}  // namespace

DltSolution star_lp_solution(const MachineSpec& machine, int centre, std::vector<int> workers, int installments,
                             ReturnRule rule, double delta, double load) {
  std::vector<std::string> notes;
  Searched found;
  StarScheduleInput in{machine, centre, workers, installments, rule != ReturnRule::none, delta, {}, load};
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
    for (std::size_t k = workers.size(); k-- > 0;) {
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
  for (;;) {
    in.workers = workers;
    found = search(in, rule);
    // Workers the optimum gives nothing: out, and solve again without their startups.
    std::vector<int> keep;
    for (std::size_t j = 0; j < workers.size(); ++j) {
      double total = 0;
      for (const auto& k : found.schedule.chunk) total += k[j];
      if (total > 0) keep.push_back(workers[j]);
      else
        notes.push_back(fmt::format("left out processor {}: the optimum for this order gives it no load", workers[j]));
    }
    if (keep.size() == workers.size()) break;
    workers = std::move(keep);
  }
  in.return_order = found.order;
  const StarSchedule& s = found.schedule;
  const int n = machine.size();
  DltSolution sol;
  sol.T = s.T;
  sol.T1 = load * machine.processors[static_cast<std::size_t>(centre)].w * machine.Tcp;
  sol.alpha.assign(static_cast<std::size_t>(n), 0.0);
  sol.participating.assign(static_cast<std::size_t>(n), false);
  sol.compute_end.assign(static_cast<std::size_t>(n), 0.0);
  sol.alpha[static_cast<std::size_t>(centre)] = s.alpha_centre;
  sol.participating[static_cast<std::size_t>(centre)] = true;
  sol.compute_end[static_cast<std::size_t>(centre)] =
      s.alpha_centre * machine.processors[static_cast<std::size_t>(centre)].w * machine.Tcp;
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
  if (std::abs(s.T_events - s.T) > 1e-9 * s.T)
    throw std::logic_error(fmt::format("star schedule: the program's T {} and its events' {} differ", s.T, s.T_events));
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

}  // namespace mpnsim
