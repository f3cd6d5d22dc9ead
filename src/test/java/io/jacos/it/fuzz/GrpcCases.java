package io.jacos.it.fuzz;

import io.jacos.transport.grpc.proto.Payload;

import java.util.SplittableRandom;

/**
 * The unary gRPC cases of a run: 75 % for the naming service ({@link GrpcFuzz}), 25 % for the configuration service
 * ({@link GrpcConfigFuzz}), each carrying the token its caller has ({@link Callers}) in the metadata header the
 * clients use. The token is drawn apart from the payload, so case {@code i} has the same payload with auth on as
 * with auth off.
 */
final class GrpcCases {

    private final long seed;
    private final Callers callers;
    private final GrpcFuzz naming;
    private final GrpcConfigFuzz config;

    GrpcCases(long seed, Known known, Callers callers) {
        this.seed = seed;
        this.callers = callers;
        this.naming = new GrpcFuzz(seed, known);
        this.config = new GrpcConfigFuzz(seed, known);
    }

    GrpcFuzz.Case generate(long index) {
        boolean toConfig = new SplittableRandom(seed * 0x94D049BB133111EBL + index).nextInt(100) < 25;
        GrpcFuzz.Case c = toConfig ? config.generate(index) : naming.generate(index);
        String token = callers.token(new Hostile(new SplittableRandom(seed * 0xE7037ED1A0B428DBL + index)));
        if (token == null) {
            return c;
        }
        Payload payload = c.payload();
        Payload withToken = payload.toBuilder().setMetadata(payload.getMetadata().toBuilder()
                .putHeaders("accessToken", token)).build();
        return new GrpcFuzz.Case(c.index(), c.label(), withToken, c.write());
    }
}
