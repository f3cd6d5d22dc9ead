package io.jacos.health;

/** Lets tests of other packages (metrics) count checks as the health checks do. */
public final class HealthStatsFixture {

    private HealthStatsFixture() {
    }

    public static void probed(HealthStats stats, HealthStats.Check check, HealthStats.Outcome outcome) {
        stats.probed(check, outcome);
    }
}
