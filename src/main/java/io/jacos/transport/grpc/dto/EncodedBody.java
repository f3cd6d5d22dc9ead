package io.jacos.transport.grpc.dto;

import com.google.protobuf.ByteString;

/** A response body that is already UTF-8 JSON, sent as is instead of being serialized again. */
public record EncodedBody(ByteString json) {
}
