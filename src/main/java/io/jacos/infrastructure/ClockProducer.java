package io.jacos.infrastructure;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import java.time.Clock;

/** The one source of time; tests of expiry logic construct their own fixed or stepping clock instead. */
@ApplicationScoped
public class ClockProducer {

    // Dependent, so each bean holds the clock itself: an application-scoped one would come through a client proxy,
    // and the request paths read the time several times per request. The system clock is one immutable instance.
    @Produces
    Clock clock() {
        return Clock.systemUTC();
    }
}
