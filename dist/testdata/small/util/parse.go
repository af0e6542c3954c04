package util

import (
	"fmt"
	"strconv"
	"strings"
)

// ParsePairs parses "k=v,k=v" into a map of integers.
func ParsePairs(s string) (map[string]int, error) {
	out := map[string]int{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for i, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("pair %d: %q has no '='", i, part)
		}
		k = strings.TrimSpace(k)
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return nil, fmt.Errorf("pair %d: %q: %v", i, part, err)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("pair %d: key %q repeated", i, k)
		}
		out[k] = n
	}
	return out, nil
}

// ParseWeights parses "k=v,k=v" into a map of floats.
func ParseWeights(s string) (map[string]float64, error) {
	out := map[string]float64{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for i, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("pair %d: %q has no '='", i, part)
		}
		k = strings.TrimSpace(k)
		n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return nil, fmt.Errorf("pair %d: %q: %v", i, part, err)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("pair %d: key %q repeated", i, k)
		}
		out[k] = n
	}
	return out, nil
}
