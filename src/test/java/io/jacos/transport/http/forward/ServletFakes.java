package io.jacos.transport.http.forward;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;

/** Just enough of a servlet request and response for the filter, as dynamic proxies. */
final class ServletFakes {

    private ServletFakes() {
    }

    static HttpServletRequest request(String method, String uri, String query, Map<String, String> headers,
                                      String body) {
        ByteArrayInputStream bytes = new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8));
        ServletInputStream in = new ServletInputStream() {
            @Override
            public int read() {
                return bytes.read();
            }

            @Override
            public boolean isFinished() {
                return bytes.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
            }
        };
        return (HttpServletRequest) Proxy.newProxyInstance(ServletFakes.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getMethod" -> method;
                    case "getRequestURI" -> uri;
                    case "getContextPath" -> "/nacos";
                    case "getQueryString" -> query;
                    case "getHeader" -> headers.get((String) args[0]);
                    case "getHeaderNames" -> Collections.enumeration(headers.keySet());
                    case "getHeaders" -> Collections.enumeration(headers.containsKey((String) args[0])
                            ? java.util.List.of(headers.get((String) args[0])) : java.util.List.of());
                    case "getContentType" -> headers.get("Content-Type");
                    case "getCharacterEncoding" -> null;
                    case "getInputStream" -> in;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** A response that keeps its status, content type and body. */
    static final class Response {
        int status = 200;
        String contentType;
        final ByteArrayOutputStream body = new ByteArrayOutputStream();

        HttpServletResponse proxy() {
            ServletOutputStream out = new ServletOutputStream() {
                @Override
                public void write(int b) {
                    body.write(b);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                }
            };
            return (HttpServletResponse) Proxy.newProxyInstance(ServletFakes.class.getClassLoader(),
                    new Class<?>[] {HttpServletResponse.class}, (proxy, m, args) -> switch (m.getName()) {
                        case "setStatus" -> {
                            status = (Integer) args[0];
                            yield null;
                        }
                        case "setContentType" -> {
                            contentType = (String) args[0];
                            yield null;
                        }
                        case "setContentLength" -> null;
                        case "getOutputStream" -> out;
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }

        String text() {
            return body.toString(StandardCharsets.UTF_8);
        }
    }
}
