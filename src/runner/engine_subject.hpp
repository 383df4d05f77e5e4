#pragma once
// Our own engine as a subject, in process.
#include "runner/subject.hpp"

namespace carc {

class EngineSubject final : public Subject {
 public:
  std::string name() const override { return "carc-oracle engine"; }
  std::vector<std::string> capabilities() const override;
  Reply answer(const Request& request) override;
};

}  // namespace carc
