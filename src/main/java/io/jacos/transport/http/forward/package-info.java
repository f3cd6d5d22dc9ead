/**
 * Request forwarding for 1.x clients, as Nacos's {@code DistroFilter}: a 1.x client sends each instance write to
 * any node, and in cluster mode the write of an ephemeral instance is handled by the one node responsible for
 * its {@code ip:port}. The resource methods that take such writes are marked
 * ({@link io.jacos.transport.http.forward.ForwardToResponsible}); a request filter decides on the routed method and
 * the parsed request ({@link io.jacos.transport.http.forward.ForwardRule}) and relays the request there
 * ({@link io.jacos.transport.http.forward.PeerForwarding}); when the peer cannot be reached the request is handled
 * here. A relay proves which node sent it ({@link io.jacos.transport.http.forward.PeerProof}); a request without
 * valid proof is a client's. May depend on {@code cluster}, {@code model}, {@code transport.http.param},
 * {@code transport.http.request} and the cluster secret of {@code infrastructure}.
 */
package io.jacos.transport.http.forward;
