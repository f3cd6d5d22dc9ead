package io.jacos.transport.grpc.dto;

/** A request body that names the namespace it acts in ({@code public} when blank), for the access check. */
public interface NamespacedBody {
    String namespace();
}
