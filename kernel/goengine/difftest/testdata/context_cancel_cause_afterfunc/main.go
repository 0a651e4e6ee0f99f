package main

import (
	"context"
	"errors"
	"fmt"
)

type ctxKey string

var errShutdown = errors.New("shutting down")

func main() {
	base := context.WithValue(context.Background(), ctxKey("user"), "ann")
	ctx, cancel := context.WithCancelCause(base)
	done := make(chan string, 1)
	stop := context.AfterFunc(ctx, func() {
		done <- "after: " + context.Cause(ctx).Error()
	})
	detached := context.WithoutCancel(ctx)
	fmt.Println(ctx.Err(), context.Cause(ctx))
	cancel(errShutdown)
	fmt.Println(<-done)
	fmt.Println(ctx.Err(), context.Cause(ctx), errors.Is(context.Cause(ctx), errShutdown))
	fmt.Println(stop())
	fmt.Println(detached.Err(), detached.Value(ctxKey("user")), detached.Done() == nil)
	cancel(errors.New("second"))
	fmt.Println(context.Cause(ctx))

	c2, cancel2 := context.WithCancelCause(context.Background())
	cancel2(nil)
	fmt.Println(c2.Err(), context.Cause(c2), context.Cause(context.Background()))

	c3, cancel3 := context.WithCancel(context.Background())
	stop3 := context.AfterFunc(c3, func() { fmt.Println("never") })
	fmt.Println(stop3(), stop3())
	cancel3()
	fmt.Println(c3.Err())
}
