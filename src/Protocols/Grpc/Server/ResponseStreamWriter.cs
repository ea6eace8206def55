using Google.Protobuf;

namespace RpcCompare.Protocols.Grpc;

internal sealed class ResponseStreamWriter<TResponse>(GrpcServerCallContext context) : IGrpcStreamWriter<TResponse>
    where TResponse : class, IMessage<TResponse>
{
    public async ValueTask WriteAsync(TResponse message, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(message);
        var callToken = context.CancellationToken;
        if (!cancellationToken.CanBeCanceled || cancellationToken == callToken)
        {
            await context.WriteMessageAsync(message, flush: true, callToken);
            return;
        }

        // The caller's token must not replace the call's: a deadline or disconnect has to stop a blocked write too.
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, callToken);
        await context.WriteMessageAsync(message, flush: true, linked.Token);
    }
}
