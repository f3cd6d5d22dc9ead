package io.jacos.push;

/** Lets tests of other packages (metrics) count pushes as the delivery does. */
public final class PushStatsFixture {

    private PushStatsFixture() {
    }

    public static void succeeded(PushStats stats, String channel, int times) {
        for (int i = 0; i < times; i++) {
            stats.succeeded(channel);
        }
    }

    public static void failed(PushStats stats, String channel, int times) {
        for (int i = 0; i < times; i++) {
            stats.failed(channel);
        }
    }
}
