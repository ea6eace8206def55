using System.Collections.Concurrent;
using System.Diagnostics;
using Grpc.Core;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Times the message parser of every answer a gRPC client receives. The generated stubs' (and protobuf-net.Grpc's
/// proxies') method descriptors hold their marshallers in static fields that cannot be swapped, so this call invoker
/// sends each call on with a copy of its descriptor whose response marshaller wraps the original deserializer: the time
/// inside it is the decode (Grpc.Net.Client hands it a whole message, already received, so it never waits for bytes),
/// and its start marks the answer's last message as received. The copies are made once per method; a call allocates
/// nothing here (an Interceptor would have cost a continuation delegate per call). Both gRPC clients use it, so they
/// measure the same thing whatever serializer sits behind the marshaller.
/// </summary>
public sealed class GrpcDecodeTiming(CallInvoker inner) : CallInvoker
{
    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host,
        CallOptions options, TRequest request) =>
        inner.BlockingUnaryCall(TimedMethods<TRequest, TResponse>.Of(method), host, options, request);

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method,
        string? host, CallOptions options, TRequest request) =>
        inner.AsyncUnaryCall(TimedMethods<TRequest, TResponse>.Of(method), host, options, request);

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(
        Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request) =>
        inner.AsyncServerStreamingCall(TimedMethods<TRequest, TResponse>.Of(method), host, options, request);

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(
        Method<TRequest, TResponse> method, string? host, CallOptions options) =>
        inner.AsyncClientStreamingCall(TimedMethods<TRequest, TResponse>.Of(method), host, options);

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(
        Method<TRequest, TResponse> method, string? host, CallOptions options) =>
        inner.AsyncDuplexStreamingCall(TimedMethods<TRequest, TResponse>.Of(method), host, options);

    private static class TimedMethods<TRequest, TResponse>
    {
        private static readonly ConcurrentDictionary<Method<TRequest, TResponse>, Method<TRequest, TResponse>> Copies = new();

        public static Method<TRequest, TResponse> Of(Method<TRequest, TResponse> method) => Copies.GetOrAdd(method, static original =>
            new Method<TRequest, TResponse>(original.Type, original.ServiceName, original.Name, original.RequestMarshaller,
                Timed(original.ResponseMarshaller)));

        private static Marshaller<TResponse> Timed(Marshaller<TResponse> inner)
        {
            var deserialize = inner.ContextualDeserializer;
            return new Marshaller<TResponse>(inner.ContextualSerializer, context => Decode(deserialize, context));
        }

        private static TResponse Decode(Func<DeserializationContext, TResponse> deserialize, DeserializationContext context)
        {
            if (CallTiming.Current is not { } timing)
            {
                return deserialize(context);
            }
            var start = Stopwatch.GetTimestamp();
            timing.MarkLastByte(start);
            var message = deserialize(context);
            timing.AddDecode(Stopwatch.GetTimestamp() - start);
            return message;
        }
    }
}
