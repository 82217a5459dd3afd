package store

import "reflect"

// ScanWithBun has every read scan its rows through bun (on) or, where it
// can, through pgx directly (off, the default): rowscan_test compares them.
func ScanWithBun(on bool) { bunScanOnly.Store(on) }

// ScannedDirectly reports whether rows of type t are read through pgx
// directly.
func (s *Store) ScannedDirectly(t reflect.Type) bool { return s.directType(t) != nil }
