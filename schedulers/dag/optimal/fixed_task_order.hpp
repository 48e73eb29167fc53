// Orr & Sinnen's fixed task order for the list search: when the free tasks can only ever run in one order, the search places them in that order.
#pragma once

#include <span>
#include <vector>

#include "schedulers/dag/optimal/adjacent_exchange.hpp"

namespace mpnsim {

// A state of the list search whose free tasks F (unplaced, every predecessor placed) satisfy
//  (a) every unplaced task outside F descends from every task of F, and
//  (b) sorted by the adjacent-exchange rank, each task of F may take the place of the next one
//      on every processor (AdjacentExchange::dominated, with their data-ready times there),
// has, on each processor of any completion, the tasks of F one after another (by (a), nothing
// else can run between two of them) and, in the completion the exchange rule keeps (the least
// of the optimal ones, adjacent_exchange.hpp), in rank order (by (b), each pair out of order
// would be a dominated adjacent pair). So the search may place the tasks of F one after another
// in rank order, each at the earliest time on any processor, before any other task; the order of
// start times that the search otherwise keeps is suspended meanwhile (list_search.cpp).
//
// Returns F in that order, or empty when (b) fails or the rule is off. `drt` holds each task's
// data-ready time on every processor, F.size() rows of `processors` entries, in F's order.
std::vector<int> fixed_task_order(std::span<const int> free, std::span<const double> drt, int processors,
                                  const AdjacentExchange& exchange);

}  // namespace mpnsim
