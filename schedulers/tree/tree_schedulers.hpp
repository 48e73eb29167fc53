// The registry entry of every task-tree scheduler, one .cpp each (what register_tree_schedulers.cpp lists).
#pragma once

#include "schedulers/tree/tree_scheduler.hpp"

namespace mpnsim {

TreeSchedulerEntry mds_scheduler();                     // mds.cpp: thesis §4.4, literal reading
TreeSchedulerEntry mds_relay_scheduler();               // mds_relay.cpp: MDS with excess relayed over hops
TreeSchedulerEntry round_robin_scheduler();             // round_robin.cpp: thesis §5.1.1
TreeSchedulerEntry minimum_load_scheduler();            // minimum_load.cpp: thesis §5.1.2
TreeSchedulerEntry dimension_exchange_scheduler();      // dimension_exchange.cpp: thesis §5.1.3
TreeSchedulerEntry hierarchical_balancing_scheduler();  // hierarchical_balancing.cpp: thesis §5.1.4
TreeSchedulerEntry gradient_model_scheduler();          // gradient_model.cpp: thesis §5.1.5

namespace detail {
// The common `min_distance` parameter of the balancing schedulers (DEM, HBM, GM).
ParamSpec min_distance_param();
}  // namespace detail

}  // namespace mpnsim
