// Package disjoint keeps disjoint sets of keys (union-find with path
// halving), to join things linked in pairs into connected components:
// the engine's clone classes, the pipeline's work units.
package disjoint

// Sets holds disjoint sets of keys, each key by the number ID gave it
// (0, 1, 2, … in the order keys were first seen). The zero value is
// empty and ready to use.
type Sets[K comparable] struct {
	index  map[K]int32
	keys   []K
	parent []int32
}

// ID returns k's number, giving it the next one, in a set of its own,
// when k is new.
func (s *Sets[K]) ID(k K) int32 {
	i, ok := s.index[k]
	if !ok {
		if s.index == nil {
			s.index = map[K]int32{}
		}
		i = int32(len(s.keys))
		s.index[k] = i
		s.keys = append(s.keys, k)
		s.parent = append(s.parent, i)
	}
	return i
}

// Find returns the number of the root of i's set.
func (s *Sets[K]) Find(i int32) int32 {
	for s.parent[i] != i {
		s.parent[i] = s.parent[s.parent[i]]
		i = s.parent[i]
	}
	return i
}

// Union joins the sets of i and j; the root of i's set is the root of
// the whole, which Union returns.
func (s *Sets[K]) Union(i, j int32) int32 {
	ri, rj := s.Find(i), s.Find(j)
	if ri != rj {
		s.parent[rj] = ri
	}
	return ri
}

// Keys returns the keys, by number.
func (s *Sets[K]) Keys() []K { return s.keys }
