package shop

import (
	"errors"
	"fmt"
	"strings"
)

// Order is a customer's order.
type Order struct {
	ID       string
	Customer string
	Items    []Item
	Discount float64
}

// Item is one line of an order.
type Item struct {
	SKU      string
	Quantity int
	Price    float64
}

// Total sums the order's items, less its discount.
func (o *Order) Total() (float64, error) {
	if o == nil {
		return 0, errors.New("nil order")
	}
	total := 0.0
	for i, it := range o.Items {
		if it.Quantity <= 0 {
			return 0, fmt.Errorf("item %d (%s): quantity %d", i, it.SKU, it.Quantity)
		}
		if it.Price < 0 {
			return 0, fmt.Errorf("item %d (%s): negative price", i, it.SKU)
		}
		total += float64(it.Quantity) * it.Price
	}
	if o.Discount > 0 {
		total -= total * o.Discount
	}
	return total, nil
}

// Summary describes the order in one line per item.
func (o *Order) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "order %s for %s\n", o.ID, o.Customer)
	for i, it := range o.Items {
		fmt.Fprintf(&b, "%3d  %-12s %4d x %8.2f = %9.2f\n", i+1, it.SKU, it.Quantity, it.Price, float64(it.Quantity)*it.Price)
	}
	t, err := o.Total()
	if err != nil {
		fmt.Fprintf(&b, "invalid: %v\n", err)
		return b.String()
	}
	fmt.Fprintf(&b, "total %.2f\n", t)
	return b.String()
}
