package store

import (
	"errors"
	"fmt"
	"strings"
)

// Basket is what a shopper holds.
type Basket struct {
	Ref      string
	Shopper  string
	Lines    []Line
	Discount float64
}

// Line is one line of a basket.
type Line struct {
	Code  string
	Count int
	Cost  float64
}

// Sum sums the basket's lines, less its discount.
func (k *Basket) Sum() (float64, error) {
	if k == nil {
		return 0, errors.New("nil basket")
	}
	sum := 0.0
	for n, ln := range k.Lines {
		if ln.Count <= 0 {
			return 0, fmt.Errorf("line %d (%s): count %d", n, ln.Code, ln.Count)
		}
		if ln.Cost < 0 {
			return 0, fmt.Errorf("line %d (%s): negative cost", n, ln.Code)
		}
		sum += float64(ln.Count) * ln.Cost
	}
	if k.Discount > 0 {
		sum -= sum * k.Discount
	}
	return sum, nil
}

// Describe describes the basket in one line per line.
func (k *Basket) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "basket %s for %s\n", k.Ref, k.Shopper)
	for n, ln := range k.Lines {
		fmt.Fprintf(&b, "%3d  %-12s %4d x %8.2f = %9.2f\n", n+1, ln.Code, ln.Count, ln.Cost, float64(ln.Count)*ln.Cost)
	}
	s, err := k.Sum()
	if err != nil {
		fmt.Fprintf(&b, "invalid: %v\n", err)
		return b.String()
	}
	if s > 1000 {
		fmt.Fprintf(&b, "free delivery\n")
	}
	fmt.Fprintf(&b, "total %.2f\n", s)
	return b.String()
}
