// context.WithValue with an unexported key type, values of cell types
// read back with type assertions, and cancellation propagating to
// children.
package main

import (
	"context"
	"errors"
	"fmt"
)

type ctxKey string

type user struct {
	Name  string
	Admin bool
}

func (u user) String() string { return "user:" + u.Name }

const userKey ctxKey = "user"
const traceKey ctxKey = "trace"

func whoami(ctx context.Context) string {
	u, ok := ctx.Value(userKey).(user)
	if !ok {
		return "anonymous"
	}
	return u.String()
}

func main() {
	base := context.Background()
	ctx := context.WithValue(base, userKey, user{"ada", true})
	ctx = context.WithValue(ctx, traceKey, []int{1, 2})
	fmt.Println(whoami(ctx), whoami(base), ctx.Value(traceKey), ctx.Value(ctxKey("other")))
	fmt.Println(ctx.Value("user") == nil)
	var key any = userKey
	fmt.Println(ctx.Value(key), ctx.Value(ctxKey("trace")), ctx.Value("trace"))

	parent, cancel := context.WithCancelCause(ctx)
	child, stop := context.WithCancel(parent)
	defer stop()
	cancel(errors.New("shutdown"))
	<-child.Done()
	fmt.Println(child.Err(), context.Cause(child), whoami(child))
}
