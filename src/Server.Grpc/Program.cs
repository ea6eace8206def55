using RpcCompare.Server.Common;
using RpcCompare.Server.Grpc;
using RpcCompare.Stacks;

return StackHost.Run(args, StackCatalog.Grpc,
    add: builder => builder.AddGrpcHost(), map: app => app.MapGrpcHost());
