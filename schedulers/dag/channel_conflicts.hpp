// The estimate's conflicts among the hops of one link direction, counted in a time linear in the hops.
#pragma once

#include <cstdint>
#include <vector>

namespace mpnsim {

// A hop on one link direction: its start as time_order_key(start) and its end.
struct ChannelHop {
  std::uint64_t start_key;
  double end;
};

// Room that count_channel_conflicts reuses from one channel to the next.
struct ChannelConflictScratch {
  std::vector<ChannelHop> hops;
  std::vector<std::uint32_t> first, bucket;
};

// The hops of [begin, end) in order of start (then end), counted as estimated_link_conflicts
// (dag_metrics.hpp) counts them: a hop conflicts when it starts while an earlier one holds the
// channel (hops that merely touch, end to start, do not), or at the instant the one before it
// started. The range is left in an unspecified order.
long long count_channel_conflicts(ChannelHop* begin, ChannelHop* end, ChannelConflictScratch& scratch);

}  // namespace mpnsim
