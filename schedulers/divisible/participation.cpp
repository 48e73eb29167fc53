// Best participating set for a fixed send order: piecewise-linear capacities bottom-up, choices top-down.
#include "schedulers/divisible/participation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "sim/router.hpp"

namespace mpnsim {

namespace {

// A piecewise-linear function given at increasing points x (x[0] is where it starts
// to be defined), linear between them and with `slope` after the last one.
struct Pl {
  std::vector<double> x, y;
  double slope = 0;

  double at(double u) const {
    const auto it = std::upper_bound(x.begin(), x.end(), u);
    return on_piece(it == x.begin() ? 0 : static_cast<std::size_t>(it - x.begin()) - 1, u);
  }
  // Its value at u on piece i (from x[i] to x[i + 1], or on from the last point).
  double on_piece(std::size_t i, double u) const {
    if (i + 1 >= x.size()) return y[i] + slope * (u - x[i]);
    const double f = (u - x[i]) / (x[i + 1] - x[i]);
    return y[i] + f * (y[i + 1] - y[i]);
  }
  // The slope just after u.
  double slope_after(double u) const {
    const auto it = std::upper_bound(x.begin(), x.end(), u);
    const std::size_t i = it == x.begin() ? 0 : static_cast<std::size_t>(it - x.begin()) - 1;
    if (i + 1 >= x.size()) return slope;
    return (y[i + 1] - y[i]) / (x[i + 1] - x[i]);
  }
  // The u >= x[0] with at(u) = v, for an increasing function (v >= y[0]).
  double inverse(double v) const {
    for (std::size_t i = 0; i + 1 < x.size(); ++i)
      if (v <= y[i + 1]) return x[i] + (v - y[i]) / (y[i + 1] - y[i]) * (x[i + 1] - x[i]);
    return x.back() + (v - y.back()) / slope;
  }
};

Pl line_through_origin(double slope) { return Pl{{0.0}, {0.0}, slope}; }

// Reads a function at points that never decrease, finding each one's piece by walking on
// from the last one's: the searches below read their functions at every point of a merged
// grid, and a binary search at each was most of a star's search (n = 1000: 0.2 s). The piece
// and the arithmetic are Pl::at's, so the values are the same bits.
class PlWalk {
 public:
  explicit PlWalk(const Pl& f) : f_(f) {}
  // The piece holding u: the last point at or below u (the first when none is).
  std::size_t piece(double u) {
    while (i_ + 1 < f_.x.size() && f_.x[i_ + 1] <= u) ++i_;
    return i_;
  }
  double at(double u) { return f_.on_piece(piece(u), u); }
  double on_piece(std::size_t i, double u) const { return f_.on_piece(i, u); }

 private:
  const Pl& f_;
  std::size_t i_ = 0;
};

// Drops points where the function does not bend (keeps the search's cost linear in the bends).
void simplify(Pl& f) {
  if (f.x.size() < 3) return;
  Pl g{{f.x[0]}, {f.y[0]}, f.slope};
  for (std::size_t i = 1; i + 1 < f.x.size(); ++i) {
    const double s0 = (f.y[i] - g.y.back()) / (f.x[i] - g.x.back());
    const double s1 = (f.y[i + 1] - f.y[i]) / (f.x[i + 1] - f.x[i]);
    if (std::abs(s0 - s1) > 1e-14 * std::max(std::abs(s0), std::abs(s1))) {
      g.x.push_back(f.x[i]);
      g.y.push_back(f.y[i]);
    }
  }
  g.x.push_back(f.x.back());
  g.y.push_back(f.y.back());
  const double s = (g.y.back() - g.y[g.y.size() - 2]) / (g.x.back() - g.x[g.x.size() - 2]);
  if (g.x.size() >= 2 && std::abs(s - f.slope) <= 1e-14 * std::max(std::abs(s), std::abs(f.slope))) {
    g.x.pop_back();
    g.y.pop_back();
  }
  f = std::move(g);
}

std::vector<double> merged_points(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> m;
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(m));
  m.erase(std::unique(m.begin(), m.end()), m.end());
  return m;
}

// The curve u = S + z F(t) + t, v = F(t) + H(t) for t >= 0: a child sent F(t) units over
// a link (S, z), then finishing in t, with H the load of what shares its remaining time.
Pl reached_through_link(const Pl& F, const Pl& H, double S, double z) {
  Pl out;
  PlWalk f_at(F), h_at(H);
  for (double t : merged_points(F.x, H.x)) {
    const double f = f_at.at(t);
    out.x.push_back(S + z * f + t);
    out.y.push_back(f + h_at.at(t));
  }
  out.slope = (F.slope + H.slope) / (1 + z * F.slope);
  return out;
}

// max(a, b), with a defined from 0 and b from b.x[0] >= 0 (below it, a alone).
Pl upper(const Pl& a, const Pl& b) {
  std::vector<double> grid = merged_points(a.x, b.x);
  Pl out;
  const double b0 = b.x.front();
  // The grid holds every point of both, so a point c strictly between grid points u0 and u
  // lies on u0's piece of each.
  PlWalk a_at(a), b_at(b);
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const double u = grid[i];
    if (i > 0 && grid[i - 1] >= b0) {
      // A crossing strictly between grid points (both lines there).
      const double u0 = grid[i - 1];
      const std::size_t a0 = a_at.piece(u0);
      const double d0 = a_at.on_piece(a0, u0) - b_at.at(u0), d1 = a_at.at(u) - b_at.at(u);
      if ((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0)) {
        const double c = u0 + d0 / (d0 - d1) * (u - u0);
        if (c > u0 && c < u) {
          out.x.push_back(c);
          out.y.push_back(a_at.on_piece(a0, c));
        }
      }
    }
    out.x.push_back(u);
    out.y.push_back(u < b0 ? a_at.at(u) : std::max(a_at.at(u), b_at.at(u)));
  }
  // After the last point, the steeper line wins, possibly after a crossing.
  const double last = grid.back();
  const double da = a.at(last), db = last >= b0 ? b.at(last) : -std::numeric_limits<double>::infinity();
  if (last >= b0 && da > db && b.slope > a.slope) {
    const double c = last + (da - db) / (b.slope - a.slope);
    out.x.push_back(c);
    out.y.push_back(a.at(c));
    out.slope = b.slope;
  } else if (last >= b0 && db > da && a.slope > b.slope) {
    const double c = last + (db - da) / (a.slope - b.slope);
    out.x.push_back(c);
    out.y.push_back(b.at(c));
    out.slope = a.slope;
  } else if (last >= b0 && da == db) {
    out.slope = std::max(a.slope, b.slope);
  } else {
    out.slope = (last >= b0 && db > da) ? b.slope : a.slope;
  }
  simplify(out);
  return out;
}

Pl sum(const Pl& a, const Pl& b) {
  Pl out;
  PlWalk a_at(a), b_at(b);
  for (double u : merged_points(a.x, b.x)) {
    out.x.push_back(u);
    out.y.push_back(a_at.at(u) + b_at.at(u));
  }
  out.slope = a.slope + b.slope;
  simplify(out);
  return out;
}

// The child's share 0 below S, then the curve u = S + z F(t) + t, v = F(t).
Pl through_link_alone(const Pl& F, double S, double z) {
  Pl g = reached_through_link(F, line_through_origin(0), S, z);
  if (S > 0) {
    g.x.insert(g.x.begin(), 0.0);
    g.y.insert(g.y.begin(), 0.0);
  }
  simplify(g);
  return g;
}

// The child's time t after its receipt, when its message ends u after the sender's start.
double time_left(const Pl& F, double S, double z, double u) {
  const Pl U = reached_through_link(F, line_through_origin(0), S, z);  // u as a function of t, via x
  // U.x[i] = S + z F(t_i) + t_i at the t_i of F: invert piecewise.
  for (std::size_t i = 0; i + 1 < U.x.size(); ++i)
    if (u <= U.x[i + 1]) return F.x[i] + (u - U.x[i]) / (U.x[i + 1] - U.x[i]) * (F.x[i + 1] - F.x[i]);
  return F.x.back() + (u - U.x.back()) / (1 + z * F.slope);
}

// With startups every threshold "this child's message still fits" is a bend, so a star of
// n children can carry n bends in each of its n functions (about 1000 children with S > 0
// fit in this many): past it the search stops
// (a note says so) rather than take quadratic time on 10^5 processors.
constexpr std::size_t kPointBudget = 500'000;

}  // namespace

Participation best_participation(const SendTree& tree, const MachineSpec& machine, double load,
                                 const std::vector<bool>& active) {
  const int n = machine.size();
  Participation out{active, {}};
  std::vector<int> order{tree.root};
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int c : tree.children[static_cast<std::size_t>(order[i])])
      if (active[static_cast<std::size_t>(c)]) order.push_back(c);
  for (int v : order) {
    const ProcessorSpec& p = machine.processors[static_cast<std::size_t>(v)];
    if (p.coprocessor && p.send_ports != 1 && p.send_ports != kAllPorts) return out;
  }
  Router router(machine);
  auto link = [&](int u, int v) -> const LinkSpec& {
    const Arc* arc = router.arc(u, v);
    if (!arc) throw std::invalid_argument(fmt::format("send tree uses {} -> {}, which is not a link", u, v));
    return machine.links[static_cast<std::size_t>(arc->link())];
  };
  auto kids = [&](int v) {
    std::vector<int> k;
    for (int c : tree.children[static_cast<std::size_t>(v)])
      if (active[static_cast<std::size_t>(c)]) k.push_back(c);
    return k;
  };
  std::vector<Pl> F(static_cast<std::size_t>(n));
  std::size_t points = 0;
  std::vector<std::vector<Pl>> H(static_cast<std::size_t>(n));  // one-port senders: H_j, j = 0..children
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const int v = *it;
    const ProcessorSpec& p = machine.processors[static_cast<std::size_t>(v)];
    const double speed = 1.0 / (p.w * machine.Tcp);
    const std::vector<int> ch = kids(v);
    Pl& Fv = F[static_cast<std::size_t>(v)];
    if (p.coprocessor && p.send_ports == kAllPorts && !ch.empty()) {
      Fv = line_through_origin(speed);
      for (int c : ch) {
        const LinkSpec& l = link(v, c);
        Fv = sum(Fv, through_link_alone(F[static_cast<std::size_t>(c)], l.startup, l.z * machine.Tcm));
      }
      continue;
    }
    auto& Hv = H[static_cast<std::size_t>(v)];
    Hv.assign(ch.size() + 1, {});
    // Without a co-processor the CPU computes after the last send: the last in the order.
    Hv[ch.size()] = line_through_origin(p.coprocessor || ch.empty() ? 0.0 : speed);
    for (std::size_t j = ch.size(); j-- > 0;) {
      const LinkSpec& l = link(v, ch[j]);
      const Pl with = reached_through_link(F[static_cast<std::size_t>(ch[j])], Hv[j + 1], l.startup, l.z * machine.Tcm);
      Hv[j] = upper(Hv[j + 1], with);
      points += Hv[j].x.size();
      if (points > kPointBudget) break;
    }
    if (points <= kPointBudget) {
      Fv = (p.coprocessor || ch.empty()) ? sum(line_through_origin(speed), Hv[0]) : Hv[0];
      points += Fv.x.size();
    }
    if (points > kPointBudget) {
      out.notes.push_back(fmt::format(
          "participation not searched: with startups the search's capacity functions passed {} breakpoints "
          "(large networks); every processor takes part unless its share comes out negative", kPointBudget));
      return out;
    }
  }

  // Top-down: the root has T, found from F_root(T) = V; each child gets the time its choice leaves it.
  std::vector<double> u(static_cast<std::size_t>(n), 0.0);
  u[static_cast<std::size_t>(tree.root)] = F[static_cast<std::size_t>(tree.root)].inverse(load);
  const auto leave_out = [&](int c, int v, const std::string& why) {
    std::vector<int> stack{c};
    int removed = 0;
    while (!stack.empty()) {
      const int x = stack.back();
      stack.pop_back();
      if (!out.active[static_cast<std::size_t>(x)]) continue;
      out.active[static_cast<std::size_t>(x)] = false;
      ++removed;
      for (int y : tree.children[static_cast<std::size_t>(x)]) stack.push_back(y);
    }
    out.notes.push_back(fmt::format("left out the subtree of processor {} ({} processor(s)) sent from {}: {}",
                                    c, removed, v, why));
  };
  for (int v : order) {
    if (!out.active[static_cast<std::size_t>(v)]) continue;
    const ProcessorSpec& p = machine.processors[static_cast<std::size_t>(v)];
    const std::vector<int> ch = kids(v);
    double r = u[static_cast<std::size_t>(v)];
    const bool concurrent = p.coprocessor && p.send_ports == kAllPorts;
    for (std::size_t j = 0; j < ch.size(); ++j) {
      const int c = ch[j];
      const LinkSpec& l = link(v, c);
      const double z = l.z * machine.Tcm;
      const Pl& Fc = F[static_cast<std::size_t>(c)];
      if (!(r > l.startup)) {
        leave_out(c, v, fmt::format("its message's startup {:g} does not fit in the {:g} left before the finish",
                                    l.startup, r));
        continue;
      }
      const double t = time_left(Fc, l.startup, z, r);
      if (concurrent) {
        u[static_cast<std::size_t>(c)] = t;
        continue;
      }
      const Pl& next = H[static_cast<std::size_t>(v)][j + 1];
      const double with = Fc.at(t) + next.at(t);
      const double without = next.at(r);
      // Ties keep the child (the order's every processor, as before the search).
      if (with >= without - 1e-12 * std::abs(without)) {
        u[static_cast<std::size_t>(c)] = t;
        r = t;
      } else {
        leave_out(c, v, fmt::format("its message would delay the sends after it by more than its share "
                                    "is worth (with it, it and the later children finish {:.6g} load units in "
                                    "the time left; without it, {:.6g})",
                                    with, without));
      }
    }
  }
  return out;
}

}  // namespace mpnsim
