// Optional MPI: when mpnsim runs under mpirun, the ranks share a sweep's points.
#pragma once

#include <string>
#include <vector>

namespace mpnsim {

// Wraps MPI_Init/MPI_Finalize. Without MPI support compiled in, or when the
// process was not started by mpirun, it is inactive: rank 0 of 1.
class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  bool active() const { return size_ > 1; }
  int rank() const { return rank_; }
  int size() const { return size_; }

  // Every rank's text, in rank order, at rank 0 (other ranks get an empty list).
  std::vector<std::string> gather(const std::string& mine) const;
  // Ends every rank at once (a failing rank must not leave the others waiting).
  [[noreturn]] void abort(int code) const;

  // Whether this build has MPI support at all.
  static bool compiled_in();

 private:
  int rank_ = 0;
  int size_ = 1;
  bool initialised_ = false;
};

}  // namespace mpnsim
