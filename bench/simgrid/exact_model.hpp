// SimGrid configured so that its models are exactly mpnsim's linear costs (both SimGrid players use it).
#pragma once

namespace mpnsim::bench {

// Settings under which SimGrid's network model is exactly "S + bytes / bandwidth"
// per message and its CPU model "flops / speed": no TCP corrections, no
// latency-dependent bandwidth bound, no reverse-direction traffic, and a timing
// precision far below the 1e-9 relative tolerance of the comparison (1e-12 of
// `makespan`). Unless the user set a contexts/ option, small actor stacks
// without guard pages (see exact_model.cpp). Call after the Engine is created.
void configure_exact_linear_model(double makespan, bool stack_set_by_user);

// Whether the command line sets a contexts/ option (the stack settings are then the user's).
bool sets_context_options(int argc, char** argv);

}  // namespace mpnsim::bench
