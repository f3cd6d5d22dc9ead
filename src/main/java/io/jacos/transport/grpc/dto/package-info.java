/** JSON bodies of the gRPC payloads, as records; names follow the Nacos client's classes field by field. */
package io.jacos.transport.grpc.dto;
