// Spin locks taken by single threads of a warp. lock_inside holds the
// critical section inside the loop (safe even before Volta); lock_naive
// spins, then leaves the loop holding the lock, which needs Volta's
// independent thread scheduling to end.
extern "C" __global__ void lock_inside(int* lock, volatile int* counter) {
    bool done = false;
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            *counter = *counter + 1;
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

extern "C" __global__ void lock_naive(int* lock, volatile int* counter) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    *counter = *counter + 1;
    __threadfence();
    atomicExch(lock, 0);
}
