//go:build linux

package spill

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// fileMapper maps a removed temporary file, piece by piece.
type fileMapper struct {
	f    *os.File
	size int64 // bytes of the file reserved and mapped
	maps map[*byte]mapping
}

// A mapping is one piece of the file, mapped.
type mapping struct {
	b   []byte
	off int64
}

// newMapper opens the file in dir. It is made with no name (O_TMPFILE)
// where the file system can: a run killed between making a named file
// and removing it (SIGKILL, a few microseconds) left it in the folder,
// and no later run removed it. Elsewhere it is made and removed at once.
func newMapper(dir string) (mapper, error) {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o600)
	if err == nil {
		return &fileMapper{f: os.NewFile(uintptr(fd), dir+" (the spill file, of no name)"), maps: map[*byte]mapping{}}, nil
	}
	f, err := os.CreateTemp(dir, "copycat-spill-*")
	if err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, fmt.Errorf("spill: %w", err)
	}
	return &fileMapper{f: f, maps: map[*byte]mapping{}}, nil
}

// grow reserves n more bytes (rounded up to pages) at the end of the file
// and maps them.
func (m *fileMapper) grow(n int) ([]byte, error) {
	page := os.Getpagesize()
	n = (n + page - 1) / page * page
	fd := int(m.f.Fd())
	if err := unix.Fallocate(fd, 0, m.size, int64(n)); err != nil {
		return nil, fmt.Errorf("spill: reserving %d bytes of %s: %w", n, m.f.Name(), err)
	}
	b, err := unix.Mmap(fd, m.size, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("spill: mapping %s: %w", m.f.Name(), err)
	}
	// Without it, a page fault maps the whole of a large folio of the
	// page cache: pages dropped by a trim came back at 53-128 GB/s when
	// read again (1 GiB, measured), 700 MB between the watch's looks 20 ms
	// apart at 100 M lines; with it, 64 KiB a fault, at 15-16 GB/s.
	unix.Madvise(b, unix.MADV_RANDOM)
	m.maps[&b[0]] = mapping{b, m.size}
	m.size += int64(n)
	return b, nil
}

func (m *fileMapper) release(b []byte) error {
	p, ok := m.maps[&b[0]]
	if !ok {
		return fmt.Errorf("spill: releasing memory not mapped whole")
	}
	delete(m.maps, &b[0])
	err := unix.Munmap(p.b)
	// Punching a hole drops the pages, dirty or not, and frees the
	// blocks; a file system that cannot keeps them until the file goes.
	unix.Fallocate(int(m.f.Fd()), unix.FALLOC_FL_PUNCH_HOLE|unix.FALLOC_FL_KEEP_SIZE, p.off, int64(len(p.b)))
	return err
}

// trim drops the mappings' pages from the process: with MADV_DONTNEED, a
// page of a shared mapping of a file leaves the process's page tables and
// stays in the page cache, written pages marked to be written back.
func (m *fileMapper) trim() error {
	for _, p := range m.maps {
		if err := unix.Madvise(p.b, unix.MADV_DONTNEED); err != nil {
			return fmt.Errorf("spill: dropping pages of %s: %w", m.f.Name(), err)
		}
	}
	return nil
}

// residentMapped returns the process's resident memory mapped from files
// (and shared memory), from /proc/self/statm.
func residentMapped() (int64, error) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, err
	}
	var size, resident, shared int64
	if _, err := fmt.Sscan(string(b), &size, &resident, &shared); err != nil {
		return 0, fmt.Errorf("reading /proc/self/statm: %w", err)
	}
	return shared * int64(os.Getpagesize()), nil
}

func (m *fileMapper) close() error {
	var errs []error
	for _, p := range m.maps {
		errs = append(errs, unix.Munmap(p.b))
	}
	m.maps = nil
	errs = append(errs, m.f.Close())
	return errors.Join(errs...)
}
