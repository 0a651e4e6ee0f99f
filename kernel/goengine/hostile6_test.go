package goengine

import (
	"strings"
	"testing"
)

// An RLocked sync.RWMutex that a cell Unlocked while a writer waited went
// past the earlier check (a waiting writer hides the readers) into Go's
// Unlock, which hung the writer or ended the engine ("fatal error: sync:
// Unlock of unlocked RWMutex"). Each misuse panics, whatever waits.
func TestHostile6LockMisuseWithWaiters(t *testing.T) {
	e := shared(t)
	ok(t, e, "lwKeep := 41\nimport \"runtime\"\nvar lwRW sync.RWMutex\nlwGot := make(chan bool)")
	for _, c := range []struct{ code, want string }{
		// A writer waits on a reader; the cell Unlocks instead of RUnlock.
		{"lwRW.RLock()\ngo func() { lwRW.Lock(); lwGot <- true; lwRW.Unlock() }()\nfor lwRW.TryRLock() {\n\tlwRW.RUnlock()\n\truntime.Gosched()\n}\nfunc() {\n\tdefer func() { fmt.Println(recover()) }()\n\tlwRW.Unlock()\n}()\nlwRW.RUnlock()\n<-lwGot",
			"sync: Unlock of an RWMutex locked for reading only"},
		// A reader waits on a writer; the cell RUnlocks instead of Unlock.
		{"lwRW.Lock()\ngo func() { lwRW.RLock(); lwGot <- true; lwRW.RUnlock() }()\nfunc() {\n\tdefer func() { fmt.Println(recover()) }()\n\tlwRW.RUnlock()\n}()\nlwRW.Unlock()\n<-lwGot",
			"sync: RUnlock of an RWMutex locked for writing only"},
		{"var lwM sync.Mutex\nlwM.Lock()\nvar lwWG sync.WaitGroup\nfor range 2 {\n\tlwWG.Add(1)\n\tgo func() {\n\t\tdefer lwWG.Done()\n\t\tdefer func() { fmt.Println(recover()) }()\n\t\tlwM.Unlock()\n\t}()\n}\nlwWG.Wait()",
			"sync: unlock of unlocked mutex"},
	} {
		if out := ok(t, e, c.code).text("stdout"); !strings.Contains(out, c.want) {
			t.Errorf("%q printed %q, want …%s…", c.code, out, c.want)
		}
		if got := ok(t, e, "lwKeep + 1").result(); got != "42" {
			t.Fatalf("after %q: lwKeep + 1 = %q", c.code, got)
		}
	}
}
