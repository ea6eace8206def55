using RpcCompare.Server.Common;
using RpcCompare.Server.GrpcJson;
using RpcCompare.Stacks;

return StackHost.Run(args, StackCatalog.GrpcJson,
    add: builder => builder.AddGrpcJsonHost(), map: app => app.MapGrpcJsonHost());
