package io.jacos.it.appserver;

import java.util.function.IntFunction;

/** Picks a port base (offset) for which every port a server would open, gRPC included, is free. */
final class PortPlan {

    private static final int STEP = 150;
    private static final int ATTEMPTS = 40;

    private PortPlan() {
    }

    static int firstFree(int start, IntFunction<int[]> portsFor) {
        for (int i = 0, base = start; i < ATTEMPTS; i++, base += STEP) {
            if (HostProbes.allFree(portsFor.apply(base))) {
                return base;
            }
        }
        throw new IllegalStateException("no free set of ports from " + start + " in " + ATTEMPTS + " steps of " + STEP);
    }
}
