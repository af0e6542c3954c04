//go:build !linux

package spill

func newMapper(string) (mapper, error) {
	return nil, ErrUnsupported
}

func residentMapped() (int64, error) {
	return 0, ErrUnsupported
}
