// The machine model played on an Engine: processors, ports, links, contention (SPEC §2).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "sim/callback.hpp"
#include "sim/engine.hpp"
#include "sim/machine_spec.hpp"
#include "sim/timeline.hpp"

namespace mpnsim {

// Offers compute and send operations with completion callbacks. Resources:
// each processor's CPU, its send and receive ports, and each direction of each
// link. An operation starts once every resource it needs is free, and waits
// otherwise; waiting operations are served earliest-request-first per resource.
//  - compute(p, a): the CPU of p for a * w_p * Tcp.
//  - one hop u->v of a message of a units: the u->v link direction, a send port
//    of u, a receive port of v, and the CPU of u and of v when they have no
//    co-processor, for S + a * z * Tcm. Messages are store-and-forward along
//    the Router's shortest path.
class Machine {
 public:
  using Done = Callback;  // runs once, when the operation completes

  Machine(Engine& engine, MachineSpec spec);
  ~Machine();
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

  void compute(int processor, double amount, std::uint32_t tag, Done done);
  // `done` runs when the whole message has arrived at dst. A send to oneself
  // completes at once and moves nothing.
  void send(int src, int dst, double amount, std::uint32_t tag, Done done);
  // One hop of a message over the direct link u -> v, under the same rules as a hop of
  // send(): a plan that chose its own routes (a contention-aware DAG schedule) plays them
  // hop by hop. `message` comes from timeline().new_message() for the first hop and is
  // passed on with hop + 1 for the next. Throws std::out_of_range when u and v are not adjacent.
  void hop(int u, int v, double amount, std::uint32_t tag, std::uint32_t message, int hop, Done done);

  // True when a link carries data from u to v.
  bool adjacent(int u, int v) const;
  const MachineSpec& spec() const;
  int size() const;
  Timeline& timeline();
  const Timeline& timeline() const;
  Engine& engine();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mpnsim
