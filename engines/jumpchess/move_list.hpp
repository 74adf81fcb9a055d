#pragma once
// A move list that lives on the stack for every ordinary position and moves to the heap only when a
// position has more moves than fit inline.
//
// Why not core's fixed-capacity MoveList: in jump chess one piece's hop chains can end in many distinct
// boards (a landing square times a set of captured pieces), and the only bound that can be proved is in
// the tens of thousands (9 pieces x 15 landing squares x 2^9 capture sets) while real positions have a
// few dozen moves. A proved fixed capacity would put a megabyte on the stack at every perft ply.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <type_traits>

namespace gamelab::jumpchess {

template <class T, std::size_t Inline>
class SpillingList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_default_constructible_v<T>,
                "the inline storage is left uninitialised and copied as bytes");

 public:
  SpillingList() = default;
  SpillingList(const SpillingList& other) { assign(other); }
  SpillingList& operator=(const SpillingList& other) {
    if (this != &other) assign(other);
    return *this;
  }

  void push_back(const T& item) {
    if (size_ == capacity_) grow();
    data_[size_++] = item;
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool spilled() const { return data_ != inline_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

 private:
  void assign(const SpillingList& other) {
    clear();
    for (const T& item : other) push_back(item);
  }
  // Out of line: rare, and keeps push_back small enough to inline.
  [[gnu::noinline, gnu::cold]] void grow() {
    const std::size_t capacity = capacity_ * 2;
    auto heap = std::make_unique<T[]>(capacity);
    std::copy(data_, data_ + size_, heap.get());
    heap_ = std::move(heap);
    data_ = heap_.get();
    capacity_ = capacity;
  }

  T inline_[Inline];  // not initialised: only [0, size_) is ever read
  std::unique_ptr<T[]> heap_;
  T* data_ = inline_;
  std::size_t size_ = 0;
  std::size_t capacity_ = Inline;
};

}  // namespace gamelab::jumpchess
