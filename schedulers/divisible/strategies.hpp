// The registry entry of each divisible-load strategy (one .cpp each; listed in register_all.cpp).
#pragma once

#include "schedulers/registry.hpp"

namespace mpnsim {

DivisibleStrategyEntry hypercube_allport_strategy();  // seed 000
DivisibleStrategyEntry hypercube_nlf_strategy();      // seed 001, nearest layer first
DivisibleStrategyEntry hypercube_llf_strategy();      // seed 001, largest layer first
DivisibleStrategyEntry mesh_layered_strategy();       // seed 004, layered bound
DivisibleStrategyEntry mesh_strategy();               // seed 004's network, real finite mesh
DivisibleStrategyEntry two_root_strategy();           // seed 003
DivisibleStrategyEntry star_sequential_strategy();    // single-level tree, one send at a time
DivisibleStrategyEntry star_concurrent_strategy();    // single-level tree, all sends at once
DivisibleStrategyEntry star_multi_installment_strategy();  // single-level tree, load in m rounds
DivisibleStrategyEntry chain_strategy();              // linear daisy chain, load at one end
DivisibleStrategyEntry generic_strategy();            // equal-finish solver on any topology

}  // namespace mpnsim
