// What the star strategies' linear programs would take (programs, size, time, memory), estimated before solving.
#pragma once

#include <string>

#include "sim/machine_spec.hpp"
#include "sim/parameters.hpp"

namespace mpnsim {

struct StarLpWork {
  double messages = 0;      // installments x workers: the chunks of one program
  double nonzeros = 0;      // coefficients of one program (about 20 per message)
  double programs = 0;      // programs solved at most (the return-order search's worst case)
  double seconds_each = 0;  // one program by GLPK (measured; see the .cpp)
  double bytes = 0;         // peak memory of one program, GLPK's and mpnsim's
  std::string driver;       // the parameter the work grows with: "installments" or "results"
  double seconds() const { return programs * seconds_each; }
};

// The work of `strategy` (star-sequential or star-multi-installment; anything else, and a
// schedule solved without a program, gives 0 programs) with its `params` on a star of
// `workers` workers, `startups` true when some link has S > 0.
StarLpWork star_lp_work(const std::string& strategy, const ParamSet& params, int workers, bool startups);

}  // namespace mpnsim
