// Deterministic shortest-path routing over a machine's links (store-and-forward hops).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sim/hop_distances.hpp"
#include "sim/machine_spec.hpp"

namespace mpnsim {

// One direction of a link as seen from the sending end.
struct Arc {
  int to;
  int channel;         // index of this link direction: 2*link + (0 for a->b, 1 for b->a)
  std::uint32_t kind;  // index into Router::link_kinds(): the link's costs
  int link() const { return channel >> 1; }  // index into MachineSpec::links
};

// The costs of a link. Links with equal costs share one kind, so that a hop
// finds its costs in a table of a few entries (a uniform machine has one)
// instead of in the link's description: one cache miss less per hop.
struct LinkKind {
  double z;
  double startup;
};

class Router {
 public:
  explicit Router(const MachineSpec& spec);

  // Outgoing arcs of u, sorted by neighbour index.
  std::span<const Arc> arcs(int u) const {
    return {arcs_.data() + first_[static_cast<std::size_t>(u)],
            arcs_.data() + first_[static_cast<std::size_t>(u) + 1]};
  }
  // The arc u -> v, or nullptr when u and v are not adjacent.
  const Arc* arc(int u, int v) const;

  // Next arc on the path from u to dst (u != dst): among the neighbours one
  // hop closer to dst, the lowest-numbered. Throws std::runtime_error when dst
  // is unreachable from u.
  //
  // Inline: a DAG replay and the contention-aware builder ask once a hop, and the answer is
  // mostly three reads (dst's table, u's entry in it, u's row). Out of line, the call and the
  // registers the rare cases need took about 35 instructions a hop (callgrind, HEFT's replay on
  // the 8-cube: 8 % of the loop's instructions).
  const Arc& next_arc(int u, int dst) {
    if (static_cast<std::size_t>(dst) < next_of_dst_.at.size()) {
      if (const std::uint16_t* next = next_of_dst_.at[static_cast<std::size_t>(dst)]) {
        const std::uint16_t k = next[static_cast<std::size_t>(u)];
        if (k != kFindArc) return arcs_[first_[static_cast<std::size_t>(u)] + k];
      }
    }
    return next_arc_made(u, dst);
  }

  // Hop count from u to dst (kUnreachable if none).
  int distance(int u, int dst);

  // The distinct (z, startup) pairs of the links, in order of first appearance.
  const std::vector<LinkKind>& link_kinds() const { return kinds_; }

 private:
  const std::vector<int>& distances_to(int dst);

  // Arcs of every processor in one array (compressed rows): those of u are
  // arcs_[first_[u] .. first_[u+1]). Two allocations however large the machine.
  std::vector<Arc> arcs_;
  std::vector<std::size_t> first_;
  std::vector<LinkKind> kinds_;
  Adjacency reverse_;  // in-neighbours, for BFS towards dst; built on the first multi-hop route
  // Cached distance-to-dst tables: to_dst_[table_of_[dst]], table_of_[dst] = -1
  // until asked for. An index, not a hash map: a DAG replay looks one up per hop.
  std::vector<int> table_of_;
  std::vector<std::vector<int>> to_dst_;
  // Beside each, the next arc from every u towards dst, as its place in u's row (kFindArc: at
  // dst, unreachable, or past 65 534 arcs, where next_arc_made searches): a hop then costs one
  // look-up rather than a search of the row. Two bytes an entry, so that the tables a replay
  // reads at random stay small. Made on the first next_arc towards dst (empty until then:
  // distance() alone needs none); next_of_dst_ then points at it by dst, so that the inline
  // look-up reads neither table_of_ nor a vector header.
  static constexpr std::uint16_t kFindArc = 0xFFFF;
  std::vector<std::vector<std::uint16_t>> next_to_dst_;
  // Pointers into next_to_dst_'s tables, which stay where they are as it grows or moves. A
  // copied Router starts with none (they would point into the original's), and sets each again
  // on its first look-up towards that dst.
  struct TablePointers {
    std::vector<const std::uint16_t*> at;
    TablePointers() = default;
    TablePointers(const TablePointers&) {}
    TablePointers& operator=(const TablePointers&) {
      at.clear();
      return *this;
    }
    TablePointers(TablePointers&&) noexcept = default;
    TablePointers& operator=(TablePointers&&) noexcept = default;
  };
  TablePointers next_of_dst_;
  std::vector<std::uint16_t> next_arcs(const std::vector<int>& distances) const;
  // next_arc where the inline look-up has no answer: makes dst's table, or searches.
  const Arc& next_arc_made(int u, int dst);
};

}  // namespace mpnsim
