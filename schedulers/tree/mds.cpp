// Minimum Distance Scheduling, thesis §4.4: the literal reading (SPEC §4) and the other readings of its text.
#include <algorithm>
#include <string>

#include "schedulers/tree/level_assignment.hpp"
#include "schedulers/tree/relay_path.hpp"
#include "schedulers/tree/tree_schedulers.hpp"

namespace mpnsim {

namespace {

// Where §4.4's text allows more than one reading, a parameter chooses; the defaults are the
// literal reading, which gives Table 4.1's LIFs exactly (rows 111000, 222111, 555444,
// 14 14 14 13 13 13, 41 41 41 40 40 40 on the complete ternary tree on LET-6).
struct MdsReading {
  int iterations = 2;  // "for (itno = 0; itno < 2; itno ++)"
  // "Ideal-load[1] = 0.5, rounded IL = 1.0": the tables only show values that ceil and
  // round-half-up treat alike (0.5, 1.83, 4.5, 13.5, 40.5).
  std::string rounding = "ceil";  // ceil | round | floor
  // "for donors it is a descending priority queue": by load (ties: lower index), or in index order.
  std::string donor_order = "load";  // load | index
  // "The lower the ZDS_k load of an acceptor, the higher is its acceptance capacity": the
  // acceptor's priority is its current load (updated after every transfer), or the load it
  // had when the iteration's queues were built.
  std::string acceptor_priority = "current";  // current | queued
  // "assign(Pi) tries to transfer a load equal to excess of Pi ... to the highest priority
  // accepter from si. If not successful, Pi continues to be a donor with reduced overload":
  // one acceptor per donor and iteration, or on through si while excess remains.
  bool spread = false;
  // MDA(Pi) holds the acceptors "directly connected to the donor"; with relay, the excess is
  // passed on over several hops to the nearest acceptor, each task still one hop from its
  // parent (relay_path.hpp).
  bool relay = false;
};

int ideal_load(const LevelAssignment& a, const std::string& rounding) {
  const int n = a.processors();
  if (rounding == "floor") return a.total() / n;
  if (rounding == "round") return (2 * a.total() + n) / (2 * n);  // half up
  return rounded_ideal_load(a);
}

class Mds : public TreeScheduler {
 public:
  Mds(const TreeNetwork& net, MdsReading reading) : net_(net), r_(std::move(reading)) {}

  std::vector<int> place_level(int, std::span<const int> parent_processor) override {
    LevelAssignment a(net_.size(), parent_processor);
    const int il = ideal_load(a, r_.rounding);
    const int n = net_.size();
    for (int it = 0; it < r_.iterations; ++it) {
      std::vector<int> donors;
      std::vector<char> acceptor(static_cast<std::size_t>(n), 0);
      for (int p = 0; p < n; ++p) {
        if (a.load(p) > il) donors.push_back(p);
        else acceptor[static_cast<std::size_t>(p)] = 1;
      }
      if (r_.donor_order == "load")
        std::stable_sort(donors.begin(), donors.end(), [&](int x, int y) { return a.load(x) > a.load(y); });
      const std::vector<int> queued(a.loads().begin(), a.loads().end());
      for (int d : donors) {
        if (r_.relay) {
          while (a.load(d) > il && relay_excess_once(net_, a, d, il)) {
          }
          continue;
        }
        std::vector<char> tried(static_cast<std::size_t>(n), 0);
        do {
          int best = -1;  // the minimum-distance acceptor of highest priority
          for (int q : net_.neighbours(d)) {
            if (!acceptor[static_cast<std::size_t>(q)] || tried[static_cast<std::size_t>(q)]) continue;
            const auto priority = [&](int x) {
              return r_.acceptor_priority == "queued" ? queued[static_cast<std::size_t>(x)] : a.load(x);
            };
            if (best < 0 || priority(q) < priority(best)) best = q;
          }
          if (best < 0) break;
          tried[static_cast<std::size_t>(best)] = 1;
          const int amount = std::min(a.load(d) - il, il - a.load(best));
          if (amount > 0) a.move(net_, d, best, amount, true);
        } while (r_.spread && a.load(d) > il);
      }
    }
    return a.placement(parent_processor);
  }

 private:
  const TreeNetwork& net_;
  MdsReading r_;
};

}  // namespace

TreeSchedulerEntry mds_scheduler() {
  return {"mds",
          "Minimum Distance Scheduling, thesis §4.4 read literally: ZDS, IL = ceil(total/N), each donor gives its "
          "excess to its least-loaded adjacent acceptor, two iterations; the other readings of §4.4 as parameters",
          {ParamSpec{"iterations", ParamType::integer, "2", "donor/acceptor iterations per level (the thesis: 2)", 1,
                     1'000'000, {}},
           ParamSpec{"rounding", ParamType::text, "ceil",
                     "ideal load IL from total/N (\"Ideal-load = 0.5, rounded IL = 1.0\"): ceil, round (half up) "
                     "or floor",
                     0, 0, {"ceil", "round", "floor"}},
           ParamSpec{"donor_order", ParamType::text, "load",
                     "order in which donors give (\"a descending priority queue\"): load (heaviest first, ties to "
                     "the lower index) or index",
                     0, 0, {"load", "index"}},
           ParamSpec{"acceptor_priority", ParamType::text, "current",
                     "which load ranks a donor's adjacent acceptors (\"the lower the ZDS_k load of an acceptor, the "
                     "higher is its acceptance capacity\"): current (updated after every transfer) or queued (as "
                     "when the iteration's queues were built)",
                     0, 0, {"current", "queued"}},
           ParamSpec{"spread", ParamType::boolean, "false",
                     "a donor whose best acceptor cannot take all its excess goes on to its next adjacent "
                     "acceptors (false: \"Pi continues to be a donor with reduced overload\" until the next "
                     "iteration)",
                     0, 0, {}},
           ParamSpec{"relay", ParamType::boolean, "false",
                     "the excess is passed on over several hops to the nearest acceptor, each task still one hop "
                     "from its parent (false: only acceptors \"directly connected to the donor\")",
                     0, 0, {}}},
          [](const TreeNetwork& net, const ParamSet& p) -> std::unique_ptr<TreeScheduler> {
            MdsReading r;
            r.iterations = static_cast<int>(p.integer("iterations"));
            r.rounding = p.text("rounding");
            r.donor_order = p.text("donor_order");
            r.acceptor_priority = p.text("acceptor_priority");
            r.spread = p.boolean("spread");
            r.relay = p.boolean("relay");
            return std::make_unique<Mds>(net, std::move(r));
          }};
}

}  // namespace mpnsim
