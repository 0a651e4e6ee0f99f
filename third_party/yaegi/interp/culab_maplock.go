package interp

// culab patch 144 (see PATCHES.md at the module's root): the interpreter's
// map operations take one lock, so that goroutines of a cell writing a
// shared map race as Go's data races do, instead of tripping the runtime's
// check ("fatal error: concurrent map writes"), which no recover catches
// and which ended the whole process.

import (
	"reflect"
	"sync"
)

// mapLock is held for reading by a map's reads and iteration steps, and
// for writing by its writes; map operations call no interpreted code, so
// they never nest.
var mapLock sync.RWMutex

func mapSet(m, k, v reflect.Value) {
	mapLock.Lock()
	defer mapLock.Unlock()
	m.SetMapIndex(k, v)
}

func mapGet(m, k reflect.Value) reflect.Value {
	mapLock.RLock()
	defer mapLock.RUnlock()
	return m.MapIndex(k)
}

func mapKeys(m reflect.Value) []reflect.Value {
	mapLock.RLock()
	defer mapLock.RUnlock()
	return m.MapKeys()
}

// mapNext advances it and reads its entry (the value too if withValue).
func mapNext(it *reflect.MapIter, withValue bool) (k, v reflect.Value, ok bool) {
	mapLock.RLock()
	defer mapLock.RUnlock()
	if !it.Next() {
		return k, v, false
	}
	if withValue {
		v = it.Value()
	}
	return it.Key(), v, true
}
