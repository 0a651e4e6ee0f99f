// Package sync holds the notebook's sync.Mutex and sync.RWMutex: Go's,
// except that unlocking one that is not locked panics, which a cell may
// recover, where Go's runtime stops the whole process with "fatal error:
// sync: unlock of unlocked mutex" (a second Unlock, one in the wrong
// branch: every variable of the notebook was lost). It is named sync so
// that %T prints sync.Mutex.
package sync

import (
	"errors"
	gosync "sync"
)

// Mutex is sync.Mutex whose Unlock panics when it is not locked.
type Mutex struct{ gosync.Mutex }

// Unlock unlocks m; it panics if m is not locked.
func (m *Mutex) Unlock() {
	if m.TryLock() { // it was not locked
		m.Mutex.Unlock()
		panic(errors.New("sync: unlock of unlocked mutex"))
	}
	m.Mutex.Unlock()
}

// RWMutex is sync.RWMutex whose Unlock and RUnlock panic when it is
// not locked.
type RWMutex struct{ gosync.RWMutex }

// Unlock unlocks rw for writing; it panics if rw is not locked, or only
// for reading (unless a writer waits: then its readers are not told from
// a writer, and Go's check ends the process as before).
func (rw *RWMutex) Unlock() {
	if rw.TryLock() {
		rw.RWMutex.Unlock()
		panic(errors.New("sync: Unlock of unlocked RWMutex"))
	}
	if rw.TryRLock() { // readers hold it, no writer
		rw.RWMutex.RUnlock()
		panic(errors.New("sync: Unlock of an RWMutex locked for reading only (RUnlock unlocks a read lock)"))
	}
	rw.RWMutex.Unlock()
}

// RUnlock undoes one RLock; it panics if rw is not locked.
func (rw *RWMutex) RUnlock() {
	if rw.TryLock() {
		rw.RWMutex.Unlock()
		panic(errors.New("sync: RUnlock of unlocked RWMutex"))
	}
	rw.RWMutex.RUnlock()
}
